import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    x_hat = (x - mean) / np.sqrt(x.var(axis=-1, keepdims=True) + eps)
    return gamma * x_hat + gamma * beta
