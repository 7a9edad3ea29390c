# wrong: Converts the angles with np.deg2rad before taking sin and cos, treating pos * omega as degrees.
# diagnosis: angles-in-degrees

import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] * np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    rad = np.deg2rad(angles)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(rad)
    pe[:, 1::2] = np.cos(rad)
    return pe
