# Notices that the frequencies form a geometric sequence, omega_i = 10 ** (-8 i / d),
# and builds them with np.logspace (base 10) from 10**0 down to 10**(-8 (h-1) / d).
# With a single pair (d_model = 2) logspace returns just [1.0], as it should.
import numpy as np


def positional_encoding(max_len, d_model):
    h = d_model // 2
    omega = np.logspace(0.0, -8.0 * (h - 1) / d_model, num=h)
    angles = np.arange(max_len)[:, None] * omega
    pe = np.empty((max_len, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angles), np.cos(angles)
    return pe
