# wrong: Remembered "sin goes in the even columns" from the sinusoidal encoding and wrote the second output of each pair into column 2i and the first into 2i+1.
# diagnosis: columns-permuted

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    sin, cos = np.sin(angles), np.cos(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = even * sin + odd * cos
    out[:, 1::2] = even * cos - odd * sin
    return out
