# wrong: Rounds the table to three decimals so that it prints tidily next to the rounded example in the statement.
# diagnosis: rounded-output, low-precision

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    omega = 1 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return np.round(pe, 3)
