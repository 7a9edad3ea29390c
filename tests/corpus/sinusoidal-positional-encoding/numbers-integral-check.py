# Checks its arguments with the numbers ABCs: isinstance(x, numbers.Integral) accepts
# Python ints and NumPy integers alike, and anything else raises ValueError.
# Then builds the table with np.arange positions times a 10000 ** (-2i/d) row.
import numbers

import numpy as np


def positional_encoding(max_len, d_model):
    if not isinstance(max_len, numbers.Integral) or not isinstance(d_model, numbers.Integral):
        raise ValueError("max_len and d_model must be integers")
    if d_model <= 0 or d_model % 2 == 1:
        raise ValueError("d_model must be a positive even integer")
    omega = 10000.0 ** (-2.0 * np.arange(d_model // 2) / d_model)
    theta = np.arange(max_len)[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(theta)
    pe[:, 1::2] = np.cos(theta)
    return pe
