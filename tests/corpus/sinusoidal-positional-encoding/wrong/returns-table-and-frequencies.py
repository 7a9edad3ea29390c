# wrong: Returns the table together with the frequency vector, "in case the caller needs omega for RoPE later".
# diagnosis: returns-tuple

import numpy as np


def positional_encoding(max_len, d_model):
    omega = 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe, omega
