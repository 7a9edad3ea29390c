# The straightforward textbook solution: angle table from a column of
# positions times a row of theta_i, even/odd columns with x[:, ::2] and
# x[:, 1::2], and the two rotated halves written into np.empty_like(x).
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    i = np.arange(d // 2)
    theta = 10000.0 ** (-2 * i / d)
    pos = np.arange(seq_len)[:, None]
    angles = pos * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    x_even, x_odd = x[:, ::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, ::2] = x_even * cos - x_odd * sin
    out[:, 1::2] = x_even * sin + x_odd * cos
    return out
