import numpy as np


def _gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred**2).mean(axis=-1, keepdims=True)
    normed = gamma * centred / (variance + eps) + beta
    return x + _gelu(normed @ w1 + b1) @ w2 + b2
