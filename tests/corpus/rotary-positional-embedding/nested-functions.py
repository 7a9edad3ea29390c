# A learner who keeps helpers private by nesting them inside the entry
# function: `angles()` closes over seq_len and d, `rotate(a, b)` closes over
# cos and sin. Only apply_rope is visible at module level.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape

    def angles():
        theta = 10000.0 ** (-np.arange(d // 2) * 2 / d)
        return np.arange(seq_len).reshape(-1, 1) * theta.reshape(1, -1)

    a = angles()
    cos, sin = np.cos(a), np.sin(a)

    def rotate(first, second):
        return first * cos - second * sin, first * sin + second * cos

    y_even, y_odd = rotate(x[:, ::2], x[:, 1::2])
    out = np.zeros((seq_len, d))
    out[:, ::2], out[:, 1::2] = y_even, y_odd
    return out
