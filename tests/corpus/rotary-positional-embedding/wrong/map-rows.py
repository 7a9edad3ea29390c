# wrong: Mapped a per-row rotation function over the rows and their positions with map() and stacked the results.
# diagnosis: python-loop, loop-map

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)

    def rotate(row, pos):
        c, s = np.cos(pos * theta), np.sin(pos * theta)
        return np.ravel(np.column_stack([row[::2] * c - row[1::2] * s,
                                         row[::2] * s + row[1::2] * c]))

    return np.vstack(list(map(rotate, x, range(seq_len))))
