# Uses np.r_ as a compact range builder: np.r_[0:d:2] gives the even column indices
# (and the 2i values) and np.r_[1:d:2] the odd ones, then assigns by fancy column index.
# np.r_[:max_len] builds the positions.
import numpy as np


def positional_encoding(max_len, d_model):
    evens = np.r_[0:d_model:2]
    odds = np.r_[1:d_model:2]
    angles = np.r_[:max_len][:, None] * np.power(10000.0, -evens / d_model)
    pe = np.empty((max_len, d_model))
    pe[:, evens] = np.sin(angles)
    pe[:, odds] = np.cos(angles)
    return pe
