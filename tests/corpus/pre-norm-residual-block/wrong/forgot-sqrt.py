# wrong: divides the centred x by (var + eps) and forgets the square root.
# diagnosis: divides-by-variance
# proposed: norm-missing-sqrt: Layer norm divides by the standard deviation, sqrt(var + eps), not by the variance itself.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / (x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
