# wrong: reduces over every axis except the first, so a whole sequence shares one mean and variance.
# diagnosis: normalises-all-but-first-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    axes = tuple(range(1, x.ndim))  # everything except the batch axis
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
