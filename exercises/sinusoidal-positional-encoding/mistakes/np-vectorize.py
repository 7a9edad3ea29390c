import math

import numpy as np


def pe_entry(pos, j, d_model):
    omega = 1.0 / 10000 ** (2 * (j // 2) / d_model)
    if j % 2 == 0:
        return math.sin(pos * omega)
    return math.cos(pos * omega)


def positional_encoding(max_len, d_model):
    entry = np.vectorize(pe_entry, otypes=[float])
    positions = np.arange(max_len)[:, None]
    columns = np.arange(d_model)[None, :]
    return entry(positions, columns, d_model)
