# wrong: Puts the frequencies in a column and the positions in a row, so the table comes out with one row per dimension.
# diagnosis: transposed

import numpy as np


def positional_encoding(max_len, d_model):
    omega = (1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model))[:, None]   # (d/2, 1)
    positions = np.arange(max_len)[None, :]                                  # (1, max_len)
    angles = omega * positions
    pe = np.zeros((d_model, max_len))
    pe[0::2, :] = np.sin(angles)
    pe[1::2, :] = np.cos(angles)
    return pe
