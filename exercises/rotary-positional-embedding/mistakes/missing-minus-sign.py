import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.repeat(positions * theta, 2, axis=1)   # one angle per column
    partner = np.empty_like(x)                          # (x1, x0, x3, x2, ...)
    partner[:, 0::2] = x[:, 1::2]
    partner[:, 1::2] = x[:, 0::2]
    return x * np.cos(angles) + partner * np.sin(angles)
