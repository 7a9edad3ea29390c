import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even = x[:, 0::2]
    odd = x[:, 1::2]
    x[:, 0::2] = even * cos - odd * sin   # overwrite in place to save memory
    x[:, 1::2] = even * sin + odd * cos
    return x
