# wrong: multiplies by beta and adds gamma, mixing up which parameter is the scale.
# diagnosis: arguments-swapped
# proposed: gamma-beta-swapped: gamma is the scale (multiply) and beta the shift (add): x_hat * gamma + beta.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * beta + gamma
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
