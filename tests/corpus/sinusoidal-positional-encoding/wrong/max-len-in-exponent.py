# wrong: Confuses the two arguments inside the formula and divides the even index by max_len instead of d_model in the exponent.
# diagnosis: max-len-in-exponent

import numpy as np


def positional_encoding(max_len, d_model):
    two_i = np.arange(0, d_model, 2)
    omega = np.exp(-two_i / max_len * np.log(10000.0))
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
