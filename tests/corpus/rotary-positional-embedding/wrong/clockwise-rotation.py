# wrong: Put the minus sign in the second output line instead of the first, turning every pair clockwise.
# diagnosis: rotation-sign-swapped

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = even * cos + odd * sin
    out[:, 1::2] = odd * cos - even * sin
    return out
