# wrong: Confused RoPE with the sinusoidal encoding and added a sin/cos position table to x instead of rotating the pairs.
# diagnosis: added-position-table

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    angles = np.arange(seq_len)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    pe = np.zeros((seq_len, d))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return x + pe
