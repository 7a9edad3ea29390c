# wrong: puts the minus sign in the second output of each pair, turning the points clockwise.
# diagnosis: rotation-sign-swapped

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    i = np.arange(d // 2)
    theta = 10000.0 ** (-2 * i / d)
    a = np.arange(seq_len)[:, None] * theta[None, :]
    c, s = np.cos(a), np.sin(a)
    even, odd = x[:, ::2], x[:, 1::2]
    y = np.empty_like(x, dtype=float)
    y[:, ::2] = even * c + odd * s
    y[:, 1::2] = -even * s + odd * c
    return y
