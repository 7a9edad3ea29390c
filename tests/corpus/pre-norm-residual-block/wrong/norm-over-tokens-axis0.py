# wrong: normalises over axis=0 (each feature across the tokens, like batch norm) instead of over each token's features.
# diagnosis: norm-over-tokens
# proposed: norm-wrong-axis: Layer norm takes the mean and variance of each row (axis=-1, over d_model), not of each column across tokens.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(axis=0, keepdims=True)
    var = x.var(axis=0, keepdims=True)
    h = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
