# wrong: applies the GELU after both linear layers, gelu(gelu(h @ w1 + b1) @ w2 + b2), as if every layer needed an activation.
# diagnosis: activation-on-both-layers
# proposed: activation-on-output: Only the hidden layer is activated; the second linear layer's output goes straight into the residual sum.
import numpy as np


def _gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    return x + _gelu(_gelu(h @ w1 + b1) @ w2 + b2)
