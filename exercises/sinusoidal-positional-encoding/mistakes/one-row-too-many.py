import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len + 1)[:, None]         # positions 0 .. max_len
    two_i = np.arange(0, d_model, 2)
    omega = np.exp(two_i * -(np.log(10000.0) / d_model))
    angles = positions * omega
    pe = np.zeros((max_len + 1, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
