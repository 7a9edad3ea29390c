import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    pair = np.arange(d // 2)
    theta = 10000.0 ** (-(2 * pair // d))
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.zeros_like(x)
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
