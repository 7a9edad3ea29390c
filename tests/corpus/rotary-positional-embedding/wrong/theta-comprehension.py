# wrong: Rotated with whole-array operations but built the row of theta_i with a list comprehension over the pairs.
# diagnosis: loop-comprehension

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = np.array([10000 ** (-2 * i / d) for i in range(d // 2)])
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
