# wrong: Read "geometric ladder from 1 down to 1/10000" and used np.logspace(0, -4, d // 2), which makes the last pair exactly 1/10000 instead of 10000^(-(d-2)/d).
# diagnosis: ladder-endpoint-included

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = np.logspace(0, -4, d // 2)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out
