import numpy as np


def _layer_norm(x, gamma, beta, eps):
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + eps) * gamma + beta


def _gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    hidden = _gelu(x @ w1 + b1)  # the feed-forward network reads x directly
    return x + (hidden @ w2 + b2)
