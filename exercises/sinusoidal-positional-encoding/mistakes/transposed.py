import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)
    two_i = np.arange(0, d_model, 2)
    omega = np.exp(two_i * -(np.log(10000.0) / d_model))
    angles = np.outer(omega, positions)  # (d_model // 2, max_len)
    pe = np.zeros((d_model, max_len))
    pe[0::2] = np.sin(angles)
    pe[1::2] = np.cos(angles)
    return pe
