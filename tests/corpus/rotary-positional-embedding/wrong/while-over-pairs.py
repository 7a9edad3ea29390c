# wrong: Vectorised over positions but walked the column pairs with a while loop, one pair per iteration.
# diagnosis: python-loop, loop-while

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    pos = np.arange(seq_len)
    out = np.empty_like(x)
    i = 0
    while i < d // 2:
        a = pos * 10000.0 ** (-2 * i / d)
        c, s = np.cos(a), np.sin(a)
        out[:, 2 * i] = x[:, 2 * i] * c - x[:, 2 * i + 1] * s
        out[:, 2 * i + 1] = x[:, 2 * i] * s + x[:, 2 * i + 1] * c
        i += 1
    return out
