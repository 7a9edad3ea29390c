# wrong: Allocated the output with np.zeros(x.shape, dtype=int), so every rotated value is truncated to an integer.
# diagnosis: integer-dtype

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    out = np.zeros(x.shape, dtype=int)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return out
