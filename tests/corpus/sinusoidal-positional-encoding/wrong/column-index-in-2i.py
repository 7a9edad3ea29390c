# wrong: Takes the "i" of 2i/d_model to be the column index, so column j uses exponent 2j/d_model for sines and cosines alike.
# diagnosis: column-index-as-i

import numpy as np


def positional_encoding(max_len, d_model):
    i = np.arange(d_model)[None, :]
    pos = np.arange(max_len)[:, None]
    angle = pos / np.power(10000, 2 * i / d_model)
    pe = np.where(i % 2 == 0, np.sin(angle), np.cos(angle))
    return pe
