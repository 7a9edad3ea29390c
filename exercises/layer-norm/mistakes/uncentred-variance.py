import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = np.mean(x * x, axis=-1, keepdims=True)    # mean square of x, not of x - mean
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
