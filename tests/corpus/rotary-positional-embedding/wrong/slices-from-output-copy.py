# wrong: Took the even/odd slices from the output copy, so the odd line reads even columns that were already overwritten.
# diagnosis: slices-are-views

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    cos = np.cos(positions * theta)
    sin = np.sin(positions * theta)
    out = x.copy()
    even = out[:, 0::2]
    odd = out[:, 1::2]
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
