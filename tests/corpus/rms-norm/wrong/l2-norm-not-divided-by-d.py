# wrong: Uses the L2 norm (sum of squares) instead of the mean of squares, so it is off by sqrt(d).
# diagnosis: sum-instead-of-mean
# proposed: sum-not-mean: the RMS averages the squares: divide their sum by d before the square root.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    norm = np.sqrt(np.sum(x**2, axis=-1, keepdims=True) + eps)
    return x / norm * gamma
