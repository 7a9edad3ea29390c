# wrong: Uses the mean absolute value as the "magnitude" of the vector instead of the root mean square.
# diagnosis: mean-absolute-value
# proposed: mean-abs-not-rms: the scale is sqrt(mean(x**2) + eps); the mean of |x| is a different (smaller) statistic.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / (np.mean(np.abs(x), axis=-1, keepdims=True) + eps) * gamma
