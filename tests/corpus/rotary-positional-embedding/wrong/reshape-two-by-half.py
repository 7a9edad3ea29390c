# wrong: Split the features with reshape(seq_len, 2, d // 2), which groups the two halves of the row instead of neighbouring columns.
# diagnosis: halves-pairing

import numpy as np


def apply_rope(x: np.ndarray) -> np.ndarray:
    seq_len, d = x.shape
    pairs = x.reshape(seq_len, 2, d // 2)
    first, second = pairs[:, 0], pairs[:, 1]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    c, s = np.cos(angles), np.sin(angles)
    rotated = np.stack([first * c - second * s, first * s + second * c], axis=1)
    return rotated.reshape(seq_len, d)
