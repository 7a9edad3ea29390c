# wrong: reshapes x to (-1, d) to handle any leading axes but returns the 2-D array without reshaping back.
# diagnosis: not-reshaped-back

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    x2 = x.reshape(-1, d)
    mean = x2.mean(axis=1, keepdims=True)
    var = x2.var(axis=1, keepdims=True)
    out = (x2 - mean) / np.sqrt(var + eps)
    out = out * gamma + beta
    return out
