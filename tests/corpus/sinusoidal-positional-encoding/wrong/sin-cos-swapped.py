# wrong: Puts the cosines in the even columns and the sines in the odd ones, mixing up which slice is which.
# diagnosis: sin-cos-swapped, columns-permuted

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    omega = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    angles = positions * omega
    pe = np.zeros((max_len, d_model))
    pe[:, ::2] = np.cos(angles)
    pe[:, 1::2] = np.sin(angles)
    return pe
