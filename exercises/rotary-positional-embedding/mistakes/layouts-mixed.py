import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    # one angle per column, each pair's twice: theta_0, theta_0, theta_1, theta_1, ...
    angles = np.repeat(np.arange(seq_len)[:, None] * theta[None, :], 2, axis=-1)
    half = d // 2
    # the partner vector the way rotate_half builds it: (-second half, first half)
    partner = np.concatenate([-x[:, half:], x[:, :half]], axis=-1)
    return x * np.cos(angles) + partner * np.sin(angles)
