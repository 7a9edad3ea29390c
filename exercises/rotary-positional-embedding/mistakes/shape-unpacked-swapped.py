import numpy as np


def apply_rope(x):
    d, seq_len = x.shape
    angles = np.outer(np.arange(seq_len), 1.0 / 10000.0 ** (np.arange(0, d, 2) / d))
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[:, 0::2], x[:, 1::2]
    return np.stack([even * cos - odd * sin, even * sin + odd * cos], axis=-1).reshape(x.shape)
