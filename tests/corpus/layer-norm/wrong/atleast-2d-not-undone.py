# wrong: promotes 1-D input with np.atleast_2d for safety and never removes the added axis.
# diagnosis: extra-leading-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.atleast_2d(x)
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
