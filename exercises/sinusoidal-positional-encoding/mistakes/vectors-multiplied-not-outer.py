import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype=float)                  # shape (max_len,)
    two_i = np.arange(0, d_model, 2)                       # shape (d_model // 2,)
    angle = pos / np.power(10000.0, two_i / d_model)       # hoped for a table
    pe = np.empty((max_len, d_model))
    pe[:, ::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
