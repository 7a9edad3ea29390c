# wrong: Filled the frequency row with np.fromiter over a generator expression, then rotated with whole-array operations.
# diagnosis: loop-fromiter, loop-comprehension

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = np.fromiter((10000.0 ** (-k / d) for k in range(0, d, 2)), dtype=float, count=d // 2)
    angles = np.arange(seq_len)[:, None] * theta
    c, s = np.cos(angles), np.sin(angles)
    xe, xo = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = xe * c - xo * s
    out[:, 1::2] = xe * s + xo * c
    return out
