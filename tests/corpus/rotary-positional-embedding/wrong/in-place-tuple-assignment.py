# wrong: Computed both outputs from the originals via tuple assignment but wrote them back into x and returned x, modifying the caller's array.
# diagnosis: input-modified, rotates-x-in-place

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    x[:, 0::2], x[:, 1::2] = even * cos - odd * sin, even * sin + odd * cos
    return x
