# Straight from the formula in the statement: omega_i = 1 / 10000 ** (2i / d_model).
# Written by someone who reads the maths first and codes it literally,
# with i counting column *pairs* and broadcasting pos[:, None] * omega[None, :].
import numpy as np


def positional_encoding(max_len, d_model):
    i = np.arange(d_model // 2)
    omega = 1.0 / 10000 ** (2 * i / d_model)
    pos = np.arange(max_len)
    angles = pos[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
