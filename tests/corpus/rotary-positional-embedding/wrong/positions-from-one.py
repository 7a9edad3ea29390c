# wrong: Numbered the positions 1..seq_len as in the 1-based maths notation, so even the first row gets turned.
# diagnosis: positions-start-at-1

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(1, seq_len + 1)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
