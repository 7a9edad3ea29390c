# wrong: Stacked the rotated coordinates on a new last axis and returned that (seq_len, d // 2, 2) array without flattening it back.
# diagnosis: stacked-pairs-not-flattened

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    return np.stack([even * cos - odd * sin, even * sin + odd * cos], axis=-1)
