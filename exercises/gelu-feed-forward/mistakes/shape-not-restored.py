import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    d_model = x.shape[-1]
    flat = np.reshape(x, (-1, d_model))  # (N, d_model): every vector as one row
    z = flat @ w1 + b1
    h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))
    out = h @ w2 + b2
    return out
