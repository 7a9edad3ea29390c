# wrong: Wrote the exponent with floor division, arange(0, d, 2) // d, which is 0 for every pair, so all pairs spin at 1 radian per position.
# diagnosis: integer-division-exponent

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    exponent = np.arange(0, d, 2) // d
    theta = 10000.0 ** -exponent
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
