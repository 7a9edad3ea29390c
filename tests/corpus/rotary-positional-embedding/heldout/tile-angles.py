# wrong: spreads the (seq_len, d/2) angles to all d columns with np.tile, giving [t0, t1, ..., t0, t1, ...] instead of [t0, t0, t1, t1, ...].
# diagnosis: tile-instead-of-repeat

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = np.exp(-np.log(10000.0) * np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta            # (seq_len, d/2)
    cos = np.tile(np.cos(angles), (1, 2))                    # (seq_len, d)
    sin = np.tile(np.sin(angles), (1, 2))
    # partner of each column: (-x1, x0, -x3, x2, ...)
    partner = np.empty_like(x)
    partner[:, 0::2] = -x[:, 1::2]
    partner[:, 1::2] = x[:, 0::2]
    return x * cos + partner * sin
