# wrong: drops the leading 0.5 from the GELU, computing z * (1 + tanh(...)).
# diagnosis: gelu-missing-half
# proposed: gelu-missing-half: GELU is 0.5 * z * (1 + tanh(...)); without the 0.5 every activation is doubled.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    g = z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + g @ w2 + b2
