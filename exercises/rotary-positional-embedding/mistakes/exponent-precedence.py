import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    base = 10000.0
    i = np.arange(0, d, 2) // 2
    theta = base ** -2 * i / d          # meant base ** (-2 * i / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.zeros_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
