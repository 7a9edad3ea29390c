# wrong: Normalises the positions to [0, 1) by dividing by max_len, as is common for input features, so the table depends on max_len.
# diagnosis: positions-normalised

import numpy as np


def positional_encoding(max_len, d_model):
    t = np.arange(max_len) / max_len          # keep positions in [0, 1)
    omega = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = t[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
