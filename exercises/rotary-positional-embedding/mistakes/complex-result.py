import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    z = x[:, 0::2] + 1j * x[:, 1::2]                # each pair as one complex number
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    return z * np.exp(1j * angles)                  # rotated, but still complex
