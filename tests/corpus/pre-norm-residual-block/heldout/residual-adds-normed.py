# wrong: reassigns x to its normalised copy, so the residual adds LN(x) instead of the raw x.
# diagnosis: residual-adds-normed

import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    x = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = x @ w1 + b1
    h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z ** 3)))
    return x + h @ w2 + b2
