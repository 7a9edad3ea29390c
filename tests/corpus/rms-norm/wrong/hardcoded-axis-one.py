# wrong: Hard-codes axis=1 from a 2-D (tokens, features) example, which is not the feature axis of a 3-D batch.
# diagnosis: fixed-axis-one
# proposed: hardcoded-axis: use axis=-1 so the statistic is over the features whatever the number of leading axes.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2, axis=1, keepdims=True) + eps) * gamma
