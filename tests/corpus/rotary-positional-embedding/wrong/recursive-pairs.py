# wrong: Rotated the first remaining pair and recursed on the columns to its right, one pair per call.
# diagnosis: python-loop, loop-recursion

import numpy as np


def _rope_from(x, i, d):
    if 2 * i >= d:
        return np.empty((x.shape[0], 0))
    a = np.arange(x.shape[0]) * 10000.0 ** (-2 * i / d)
    x0, x1 = x[:, 2 * i], x[:, 2 * i + 1]
    pair = np.column_stack([x0 * np.cos(a) - x1 * np.sin(a), x0 * np.sin(a) + x1 * np.cos(a)])
    return np.hstack([pair, _rope_from(x, i + 1, d)])


def apply_rope(x):
    return _rope_from(x, 0, x.shape[1])
