# Geometric-sequence view again, this time with np.geomspace: the first frequency is 1 and
# the last is 10000 ** (-(d - 2) / d); geomspace fills the ratios in between.
# Interleaving through a reshaped (max_len, h, 2) view written with [..., 0] / [..., 1].
import numpy as np


def positional_encoding(max_len, d_model):
    h = d_model // 2
    omega = np.geomspace(1.0, 10000.0 ** (-(d_model - 2) / d_model), num=h)
    angles = np.arange(max_len)[:, None] * omega[None, :]
    pe = np.empty((max_len, d_model))
    view = pe.reshape(max_len, h, 2)
    view[..., 0] = np.sin(angles)
    view[..., 1] = np.cos(angles)
    return pe
