# wrong: applies the layer norm's affine step as x_hat * beta + gamma, mixing up which parameter is the scale.
# diagnosis: none
# proposed: gamma-beta-swapped: gamma is the scale and beta the shift; multiplying by beta and adding gamma gives a different layer.

import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma2 = np.mean((x - mu) ** 2, axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma2 + eps)
    u = x_hat * beta + gamma
    z = u @ w1 + b1
    h = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z ** 3)))
    return x + h @ w2 + b2
