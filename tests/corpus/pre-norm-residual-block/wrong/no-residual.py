# wrong: returns feed_forward(layer_norm(x)) and forgets to add x back.
# diagnosis: no-residual
# proposed: missing-residual: The block's output is x plus the feed-forward branch; without the "+ x" there is no residual connection.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    g = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return g @ w2 + b2
