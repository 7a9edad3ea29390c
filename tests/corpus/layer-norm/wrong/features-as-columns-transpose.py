# wrong: transposes x to put features down the rows, normalises over axis 0, and returns the transposed array.
# diagnosis: transposed

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    xt = x.T  # (d, n): one column per token
    mu = xt.mean(axis=0)
    var = xt.var(axis=0)
    xt_hat = (xt - mu) / np.sqrt(var + eps)
    return gamma[:, None] * xt_hat + beta[:, None]
