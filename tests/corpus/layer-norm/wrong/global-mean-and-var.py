# wrong: calls x.mean() and x.var() with no axis, so the whole array shares one mean and variance.
# diagnosis: whole-array-statistics

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=np.float64)
    return (x - x.mean()) / np.sqrt(x.var() + eps) * gamma + beta
