# wrong: Built the stack of 2x2 rotation matrices correctly but multiplied the pair as a row vector (v @ R), which applies the transpose and turns clockwise.
# diagnosis: rotation-sign-swapped

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    a = np.arange(seq_len)[:, None] * theta          # (seq_len, d/2)
    c, s = np.cos(a), np.sin(a)
    R = np.stack([np.stack([c, -s], -1), np.stack([s, c], -1)], -2)  # (seq_len, d/2, 2, 2)
    v = x.reshape(seq_len, d // 2, 2)
    y = np.einsum("pik,pikj->pij", v, R)
    return y.reshape(seq_len, d)
