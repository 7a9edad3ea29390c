import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * np.tile(theta, 2)          # one angle per column
    rotated = np.empty_like(x)                       # (-x1, x0, -x3, x2, ...)
    rotated[:, 0::2] = -x[:, 1::2]
    rotated[:, 1::2] = x[:, 0::2]
    return x * np.cos(angles) + rotated * np.sin(angles)
