# wrong: Used the exp/log form of the frequencies but took np.log10 instead of the natural log, so theta_i = e^(-8i/d).
# diagnosis: wrong-log-base

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    two_i = np.arange(0, d, 2, dtype=np.float64)
    theta = np.exp(-two_i * np.log10(10000.0) / d)
    angles = np.arange(seq_len, dtype=np.float64)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
