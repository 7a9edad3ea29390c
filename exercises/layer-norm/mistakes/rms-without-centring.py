import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean_square = (x**2).mean(axis=-1, keepdims=True)
    return x / np.sqrt(mean_square + eps) * gamma + beta
