# wrong: Numbers the positions 1..max_len as in "the first token", so every row is the encoding of the next position.
# diagnosis: positions-start-at-1, rows-shifted

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(1, max_len + 1)[:, None]
    two_i = np.arange(0, d_model, 2)
    omega = np.exp(-two_i * np.log(10000) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(positions * omega)
    pe[:, 1::2] = np.cos(positions * omega)
    return pe
