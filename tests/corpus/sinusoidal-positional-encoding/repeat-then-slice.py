# Duplicates each frequency with np.repeat so every column has its own omega, computes
# the full angle table once, applies np.sin everywhere, then replaces the odd columns
# with np.cos of their angles. A common "make the shapes match first" approach.
import numpy as np


def positional_encoding(max_len, d_model):
    omega = np.repeat(np.power(10000.0, -np.arange(d_model // 2) * 2 / d_model), 2)
    theta = np.arange(max_len).reshape(-1, 1) * omega
    table = np.sin(theta)
    table[:, 1::2] = np.cos(theta[:, 1::2])
    return table
