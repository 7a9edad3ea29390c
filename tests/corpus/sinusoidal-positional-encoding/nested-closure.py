# Nested helper functions defined inside the entry function, closing over d_model.
# `freq()` and `angle_table()` only exist while positional_encoding runs; the outer
# function reads like a short recipe.
import numpy as np


def positional_encoding(max_len, d_model):
    def freq():
        return 1.0 / (10000.0 ** (np.arange(0, d_model, 2) / d_model))

    def angle_table(n):
        return np.arange(n)[:, None] * freq()[None, :]

    angles = angle_table(max_len)
    out = np.empty((max_len, d_model))
    out[:, ::2] = np.sin(angles)
    out[:, 1::2] = np.cos(angles)
    return out
