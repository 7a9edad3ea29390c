# wrong: Started from a copy of x and updated the even columns with the first formula, but never wrote the second output into the odd columns.
# diagnosis: only-even-columns

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    out = x.copy()
    out[:, ::2] = x[:, ::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    return out
