# A learner who makes the output with copy.copy(x) (for a NumPy array this
# is a real, independent copy) cast to float, then overwrites its column
# pairs using the values read from the untouched original x.
import copy

import numpy as np


def apply_rope(x):
    out = copy.copy(x).astype(np.float64, copy=False)
    seq_len, d = out.shape
    theta = 10000.0 ** (-2 * np.arange(d // 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    out[:, ::2] = x[:, ::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, ::2] * sin + x[:, 1::2] * cos
    return out
