# wrong: returns (y, cache) as in a CS231n forward pass that keeps values for the backward pass.
# diagnosis: returns-tuple

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    xc = x - mu
    var = (xc ** 2).mean(axis=-1, keepdims=True)
    inv_std = 1.0 / np.sqrt(var + eps)
    x_hat = xc * inv_std
    out = gamma * x_hat + beta
    cache = (x_hat, inv_std, gamma)
    return out, cache
