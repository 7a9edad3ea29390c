# wrong: Writes the exponent with // out of habit from integer index arithmetic, so 2i // d_model is 0 for every pair and all frequencies are 1.
# diagnosis: integer-division-exponent

import numpy as np


def positional_encoding(max_len, d_model):
    i = np.arange(d_model // 2)
    exponent = 2 * i // d_model
    omega = 1.0 / np.power(10000.0, exponent)
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
