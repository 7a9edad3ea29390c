# wrong: follows the original 2017 Transformer and normalises after the sum, layer_norm(x + ffn(x)).
# diagnosis: post-norm

import numpy as np


def layer_norm(x, gamma, beta, eps):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z ** 3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    ffn = gelu(x @ w1 + b1) @ w2 + b2
    return layer_norm(x + ffn, gamma, beta, eps)
