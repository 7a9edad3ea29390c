# wrong: Prepended the position to every row and used np.apply_along_axis to rotate each row separately.
# diagnosis: python-loop, loop-apply-along-axis

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)

    def rotate_row(r):
        pos, v = r[0], r[1:]
        c, s = np.cos(pos * theta), np.sin(pos * theta)
        out = np.empty(d)
        out[0::2] = v[0::2] * c - v[1::2] * s
        out[1::2] = v[0::2] * s + v[1::2] * c
        return out

    with_pos = np.hstack([np.arange(seq_len)[:, None], x])
    return np.apply_along_axis(rotate_row, 1, with_pos)
