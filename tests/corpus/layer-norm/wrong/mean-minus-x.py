# wrong: centres with mean - x instead of x - mean, flipping the sign of the normalised vector.
# diagnosis: centring-reversed

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    dev = mu - x
    var = np.mean(dev ** 2, axis=-1, keepdims=True)
    return gamma * dev / np.sqrt(var + eps) + beta
