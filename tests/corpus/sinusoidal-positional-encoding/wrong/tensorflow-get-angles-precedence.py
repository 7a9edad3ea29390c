# wrong: Ports the TensorFlow tutorial's get_angles but writes 2 * i // 2 instead of 2 * (i // 2), which is just i, so each column uses its own index.
# diagnosis: odd-columns-own-exponent

import numpy as np


def get_angles(pos, i, d_model):
    angle_rates = 1 / np.power(10000, (2 * i // 2) / np.float32(d_model))
    return pos * angle_rates


def positional_encoding(max_len, d_model):
    angle_rads = get_angles(np.arange(max_len)[:, np.newaxis],
                            np.arange(d_model)[np.newaxis, :],
                            d_model)
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])
    return angle_rads.astype(np.float64)
