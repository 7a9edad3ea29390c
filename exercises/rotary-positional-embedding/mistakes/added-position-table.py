import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    # sinusoidal table, interleaved sin/cos, added on top of x
    table = np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(seq_len, d)
    return x + table
