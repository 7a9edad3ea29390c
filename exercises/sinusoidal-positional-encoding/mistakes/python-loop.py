import math

import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    for pos in range(max_len):
        for i in range(d_model // 2):
            omega = 1.0 / 10000 ** (2 * i / d_model)
            pe[pos, 2 * i] = math.sin(pos * omega)
            pe[pos, 2 * i + 1] = math.cos(pos * omega)
    return pe
