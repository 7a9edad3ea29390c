import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    j = np.arange(d_model)[None, :]
    angles = positions / np.power(10000.0, j / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles[:, 0::2])
    pe[:, 1::2] = np.cos(angles[:, 1::2])
    return pe
