import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    flat = x.reshape(x.shape[0], -1)               # one row per example
    mean = flat.mean(axis=1, keepdims=True)
    var = flat.var(axis=1, keepdims=True)
    x_hat = ((flat - mean) / np.sqrt(var + eps)).reshape(x.shape)
    return x_hat * gamma + beta
