import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    rows = x.reshape(-1, x.shape[-1])
    out = np.empty_like(rows)
    for i in range(rows.shape[0]):
        out[i] = gelu(rows[i] @ w1 + b1) @ w2 + b2
    return out.reshape(x.shape)
