import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    half = d // 2
    positions = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = positions * theta
    cos, sin = np.cos(angles), np.sin(angles)
    first, second = x[:, :half], x[:, half:]
    # pair column j with column j + d/2 (the "rotate half" layout)
    return np.concatenate([first * cos - second * sin, first * sin + second * cos], axis=1)
