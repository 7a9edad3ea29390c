import numpy as np


def apply_rope(x):
    """Right values, but the rotation is written back into the caller's x."""
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2].copy(), x[:, 1::2].copy()
    x[:, 0::2] = even * cos - odd * sin
    x[:, 1::2] = even * sin + odd * cos
    return x
