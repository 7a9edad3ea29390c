# wrong: writes the rotated pairs back into x's own even and odd columns and returns x.
# diagnosis: rotates-x-in-place

import numpy as np


def apply_rope(x: np.ndarray) -> np.ndarray:
    seq_len, d = x.shape
    pos = np.arange(seq_len, dtype=np.float64)[:, None]
    theta = np.power(10000.0, -np.arange(0, d, 2) / d)[None, :]
    ang = pos * theta
    c, s = np.cos(ang), np.sin(ang)
    x[:, 0::2], x[:, 1::2] = x[:, 0::2] * c - x[:, 1::2] * s, x[:, 0::2] * s + x[:, 1::2] * c
    return x
