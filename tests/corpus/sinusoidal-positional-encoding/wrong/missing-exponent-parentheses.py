# wrong: Leaves out the parentheses around the exponent, writing 10000.0 ** (2 * i) / d_model, so the power uses 2i and the division happens afterwards.
# diagnosis: exponent-parentheses-missing

import numpy as np


def positional_encoding(max_len, d_model):
    i = np.arange(d_model // 2)
    pos = np.arange(max_len)[:, None]
    angles = pos / (10000.0 ** (2 * i) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
