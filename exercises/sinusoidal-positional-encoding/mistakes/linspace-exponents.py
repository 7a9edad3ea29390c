import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    exponents = np.linspace(0, 1, d_model // 2)        # meant: 0, 2/d_model, 4/d_model, ...
    omega = 1.0 / 10000.0**exponents
    angles = positions * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
