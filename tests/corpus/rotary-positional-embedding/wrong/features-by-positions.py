# wrong: Built the angle table as (d/2, seq_len) with np.outer(theta, positions), worked on x.T to make it fit, and returned the (d, seq_len) result.
# diagnosis: transposed

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.outer(theta, np.arange(seq_len))      # (d/2, seq_len)
    xt = x.T
    out = np.empty((d, seq_len))
    out[0::2] = xt[0::2] * np.cos(angles) - xt[1::2] * np.sin(angles)
    out[1::2] = xt[0::2] * np.sin(angles) + xt[1::2] * np.cos(angles)
    return out
