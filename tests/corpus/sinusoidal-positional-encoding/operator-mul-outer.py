# Likes the operator module: the angle table is operator.mul applied to a column and a
# row (which just means broadcasting *), and operator.truediv builds the exponents.
# Mostly a stylistic quirk; the arrays do all the work.
import operator

import numpy as np


def positional_encoding(max_len, d_model):
    exponents = operator.truediv(np.arange(0, d_model, 2), d_model)
    omega = operator.pow(10000.0, -exponents)
    angles = operator.mul(np.arange(max_len)[:, None], omega[None, :])
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
