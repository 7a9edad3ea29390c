import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(axis=-1, keepdims=True)
    var = (centred**2).sum(axis=-1, keepdims=True)  # summed, not averaged
    return centred / np.sqrt(var + eps) * gamma + beta
