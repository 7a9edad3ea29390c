# wrong: sees the examples printed as nested lists and returns result.tolist().
# diagnosis: returns-list

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps) * gamma + beta
    return y.tolist()
