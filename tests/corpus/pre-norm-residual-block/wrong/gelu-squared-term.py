# wrong: writes the GELU's cubic term as 0.044715 * z**2 instead of z**3.
# diagnosis: gelu-cube-as-square
# proposed: gelu-wrong-power: The correction term inside the tanh is 0.044715 * z cubed, z + 0.044715 * z**3.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    g = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**2)))
    return x + g @ w2 + b2
