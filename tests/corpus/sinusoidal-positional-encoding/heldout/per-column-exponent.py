# wrong: ports the TensorFlow tutorial's get_angles but uses the column index j itself in 10000^(j/d), so every odd column gets its own frequency.
# diagnosis: odd-columns-own-exponent

import numpy as np


def get_angles(pos, j, d_model):
    angle_rates = 1 / np.power(10000, j / np.float64(d_model))
    return pos * angle_rates


def positional_encoding(max_len, d_model):
    angle_rads = get_angles(np.arange(max_len)[:, np.newaxis],
                            np.arange(d_model)[np.newaxis, :],
                            d_model)
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])
    return angle_rads
