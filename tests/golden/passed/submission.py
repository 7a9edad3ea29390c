import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, np.newaxis]
    omega = 1.0 / np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model), dtype=np.float32)
    pe[:, 0::2] = np.sin(positions * omega)
    pe[:, 1::2] = np.cos(positions * omega)
    return pe
