# wrong: adds beta before multiplying by gamma, computing (x_hat + beta) * gamma.
# diagnosis: shift-before-scale

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return ((x - mu) / np.sqrt(var + eps) + beta) * gamma
