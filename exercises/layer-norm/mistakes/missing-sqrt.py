import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * centred / (var + eps) + beta
