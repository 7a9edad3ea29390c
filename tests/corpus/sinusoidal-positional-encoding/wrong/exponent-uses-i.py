# wrong: Indexes the pairs with np.arange(d_model // 2) but divides i (not 2i) by d_model in the exponent.
# diagnosis: exponent-uses-i

import numpy as np


def positional_encoding(max_len, d_model):
    i = np.arange(d_model // 2)
    omega = 1 / np.power(10000, i / d_model)
    angles = np.arange(max_len)[:, np.newaxis] * omega[np.newaxis, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
