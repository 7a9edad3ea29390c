# wrong: Divides by d_model - 1 "so the last column reaches the full exponent", which shifts every frequency but the first.
# diagnosis: denominator-d-model-minus-1

import numpy as np


def positional_encoding(max_len, d_model):
    two_i = np.arange(0, d_model, 2)
    exponent = two_i / (d_model - 1)
    omega = 10000.0 ** -exponent
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
