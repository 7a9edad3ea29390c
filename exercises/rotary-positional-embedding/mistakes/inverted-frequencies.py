import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = np.power(10000.0, 2 * np.arange(d // 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
