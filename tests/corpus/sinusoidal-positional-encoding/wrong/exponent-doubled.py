# wrong: Takes the even indices from np.arange(0, d_model, 2) and still multiplies them by 2, so the exponent is 4i / d_model.
# diagnosis: exponent-doubled

import numpy as np


def positional_encoding(max_len, d_model):
    two_i = np.arange(0, d_model, 2)
    omega = 1.0 / 10000 ** (2 * two_i / d_model)
    angles = np.arange(max_len).reshape(max_len, 1) * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
