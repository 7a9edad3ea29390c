# wrong: Unpacked the shape as d, seq_len = x.shape, so the positions and frequencies are built for the wrong sizes (and broadcasting fails unless x is square).
# diagnosis: shape-unpacked-swapped
# proposed: shape-unpacked-swapped: reads seq_len and d from the wrong axes of x.shape

import numpy as np


def apply_rope(x):
    d, seq_len = x.shape
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
