# wrong: Takes the mean of squares over the whole array (no axis), so every row is scaled by the same global RMS.
# diagnosis: whole-array-mean
# proposed: global-statistics: compute the mean square of each vector separately, over the last axis only.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2) + eps) * gamma
