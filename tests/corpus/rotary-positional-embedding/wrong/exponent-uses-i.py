# wrong: Used the pair index i itself in the exponent, 10000 ** (-i / d), dropping the factor 2.
# diagnosis: exponent-uses-i

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    i = np.arange(d // 2)
    theta = 10000.0 ** (-i / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
