import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    x -= x.mean(axis=-1, keepdims=True)
    normed = x / np.sqrt((x**2).mean(axis=-1, keepdims=True) + eps) * gamma + beta
    z = normed @ w1 + b1
    h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))
    return x + h @ w2 + b2
