import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    y = x * gamma + beta                            # scale and shift first
    centred = y - y.mean(axis=-1, keepdims=True)
    var = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(var + eps)
