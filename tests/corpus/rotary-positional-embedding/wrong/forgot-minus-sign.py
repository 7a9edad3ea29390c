# wrong: Wrote both output lines with a plus sign, so each pair is mixed by [[cos, sin], [sin, cos]], which is not a rotation and changes lengths.
# diagnosis: missing-minus-sign

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = even * cos + odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
