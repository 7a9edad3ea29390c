# wrong: adds b1 after the GELU instead of before it: gelu(h @ w1) + b1.
# diagnosis: bias-after-activation
# proposed: bias-after-activation: The first bias is part of the linear layer: gelu(h @ w1 + b1), with b1 added inside, before the activation.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1
    g = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3))) + b1
    return x + g @ w2 + b2
