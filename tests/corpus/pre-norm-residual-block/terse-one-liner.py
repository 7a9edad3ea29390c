# Competitive-programming style: one expression, a lambda for GELU, a walrus for the norm.
import numpy as np

g = lambda z: 0.5 * z * (1 + np.tanh(0.7978845608028654 * (z + 0.044715 * z**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    return x + g(((x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta) @ w1 + b1) @ w2 + b2
