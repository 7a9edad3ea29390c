# wrong: Reads "pos over 10000^(2i/d_model)" backwards and multiplies the positions by the power, giving huge angles.
# diagnosis: multiplies-instead-of-divides

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    scale = 10000.0 ** (np.arange(0, d_model, 2) / d_model)
    angles = pos * scale
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
