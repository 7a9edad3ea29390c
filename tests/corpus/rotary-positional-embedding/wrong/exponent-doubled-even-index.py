# wrong: Took the even column indices arange(0, d, 2) as "i" and multiplied by 2 again, so the exponent is -4i/d.
# diagnosis: exponent-uses-4i

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    i = np.arange(0, d, 2)
    theta = 10000.0 ** (-2 * i / d)
    angles = np.arange(seq_len)[:, None] * theta
    c, s = np.cos(angles), np.sin(angles)
    xe, xo = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = xe * c - xo * s
    out[:, 1::2] = xe * s + xo * c
    return out
