# wrong: Built the full d x d block-diagonal rotation matrix for each position in nested for loops and multiplied each row by it.
# diagnosis: python-loop, loop-for

import numpy as np


def rotation_matrix(pos, d):
    R = np.zeros((d, d))
    for i in range(d // 2):
        a = pos * 10000.0 ** (-2 * i / d)
        R[2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]
    return R


def apply_rope(x):
    seq_len, d = x.shape
    out = np.empty_like(x)
    for pos in range(seq_len):
        out[pos] = rotation_matrix(pos, d) @ x[pos]
    return out
