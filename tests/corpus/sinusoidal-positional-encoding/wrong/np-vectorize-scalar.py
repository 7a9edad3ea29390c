# wrong: Writes a scalar function of (pos, column) and wraps it with np.vectorize, believing that makes it vectorised.
# diagnosis: np-vectorize, loop-vectorize

import math
import numpy as np


def _pe(pos, j, d_model):
    rate = 1.0 / (10000 ** ((2 * (j // 2)) / d_model))
    return math.sin(pos * rate) if j % 2 == 0 else math.cos(pos * rate)


def positional_encoding(max_len, d_model):
    f = np.vectorize(_pe, otypes=[np.float64])
    pos, j = np.meshgrid(np.arange(max_len), np.arange(d_model), indexing="ij")
    return f(pos, j, d_model)
