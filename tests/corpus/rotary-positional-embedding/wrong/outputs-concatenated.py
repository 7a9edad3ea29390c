# wrong: Rotated the right pairs but glued the new even and new odd columns side by side with np.concatenate instead of interleaving them.
# diagnosis: columns-permuted

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    pos = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = pos * theta
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    return np.concatenate([even * cos - odd * sin, even * sin + odd * cos], axis=1)
