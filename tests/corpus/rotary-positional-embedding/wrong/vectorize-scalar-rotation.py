# wrong: Wrote the 2-D rotation for scalars with math.cos/math.sin and wrapped it in np.vectorize to apply it to every pair.
# diagnosis: python-loop, loop-vectorize

import math
import numpy as np


def _turn(a, b, angle):
    c, s = math.cos(angle), math.sin(angle)
    return a * c - b * s, a * s + b * c


def apply_rope(x):
    seq_len, d = x.shape
    angles = np.arange(seq_len)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    new_even, new_odd = np.vectorize(_turn)(x[:, 0::2], x[:, 1::2], angles)
    out = np.empty_like(x)
    out[:, 0::2] = new_even
    out[:, 1::2] = new_odd
    return out
