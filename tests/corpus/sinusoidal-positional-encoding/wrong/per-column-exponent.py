# wrong: Computes one frequency per column j with exponent j / d_model, so every odd (cosine) column gets a slightly slower frequency than its sine partner.
# diagnosis: odd-columns-own-exponent

import numpy as np


def positional_encoding(max_len, d_model):
    j = np.arange(d_model)
    rates = 1.0 / 10000 ** (j / d_model)          # one rate per column
    angle_rads = np.arange(max_len)[:, None] * rates[None, :]
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])
    return angle_rads
