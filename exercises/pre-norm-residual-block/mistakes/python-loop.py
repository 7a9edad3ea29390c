import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    out = np.empty_like(x)
    for t in range(x.shape[0]):
        row = x[t]
        normed = (row - row.mean()) / np.sqrt(row.var() + eps) * gamma + beta
        z = normed @ w1 + b1
        h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))
        out[t] = row + h @ w2 + b2
    return out
