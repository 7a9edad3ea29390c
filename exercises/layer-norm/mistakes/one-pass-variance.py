import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = (x**2).mean(axis=-1, keepdims=True) - mean**2   # E[x^2] - E[x]^2, in one pass
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
