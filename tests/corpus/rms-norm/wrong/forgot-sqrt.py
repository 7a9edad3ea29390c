# wrong: Divides by the mean square itself, forgetting the square root.
# diagnosis: missing-sqrt
# proposed: forgot-sqrt: divide by the root of the mean square; dividing by mean(x**2) itself leaves the wrong scale.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / (np.mean(x**2, axis=-1, keepdims=True) + eps) * gamma
