# wrong: Writes the exp form with np.log10 instead of the natural log, so the exponent is base-10 log of 10000 and the frequencies decay far too slowly.
# diagnosis: log10-in-exp-form

import numpy as np


def positional_encoding(max_len, d_model):
    k = np.arange(0, d_model, 2)
    omega = np.exp(-k * np.log10(10000) / d_model)
    angles = np.arange(max_len)[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
