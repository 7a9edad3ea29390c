# A learner who reaches for np.outer for the angle table (positions x
# frequencies) and np.copy + slice assignment for the result. The
# frequencies come from np.exp(-log(10000) * 2i / d).
import math

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    freqs = np.exp(-math.log(10000.0) * np.arange(0, d, 2) / d)
    angles = np.outer(np.arange(seq_len), freqs)
    cos, sin = np.cos(angles), np.sin(angles)
    even = x[:, 0::2]
    odd = x[:, 1::2]
    y = np.copy(x).astype(float)
    y[:, 0::2] = even * cos - odd * sin
    y[:, 1::2] = even * sin + odd * cos
    return y
