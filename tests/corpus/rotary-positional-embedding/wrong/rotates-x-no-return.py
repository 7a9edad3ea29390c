# wrong: Rotated x in place with a single tuple assignment (values right) and forgot to return anything.
# diagnosis: returns-none, input-modified

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    angles = np.arange(seq_len)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    c, s = np.cos(angles), np.sin(angles)
    e, o = x[:, 0::2], x[:, 1::2]
    x[:, 0::2], x[:, 1::2] = e * c - o * s, e * s + o * c
