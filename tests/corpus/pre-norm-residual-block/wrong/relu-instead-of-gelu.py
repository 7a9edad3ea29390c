# wrong: uses ReLU (np.maximum(0, z)) in the feed-forward, as in the original Transformer paper.
# diagnosis: relu-activation
# proposed: relu-activation: The feed-forward uses GELU in its tanh form, 0.5 z (1 + tanh(sqrt(2/pi)(z + 0.044715 z^3))), not ReLU.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    return x + np.maximum(0.0, h @ w1 + b1) @ w2 + b2
