# wrong: Rotated one row at a time in a for loop over positions; the values are right but the rotation is not vectorised over rows.
# diagnosis: python-loop, loop-for

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    out = np.empty_like(x)
    for pos in range(seq_len):
        a = pos * theta
        even, odd = x[pos, 0::2], x[pos, 1::2]
        out[pos, 0::2] = even * np.cos(a) - odd * np.sin(a)
        out[pos, 1::2] = even * np.sin(a) + odd * np.cos(a)
    return out
