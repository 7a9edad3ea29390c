# Uses fractions.Fraction to validate the layout exactly: the step of the exponent,
# Fraction(2, d_model), must be a proper fraction (so d_model is even and positive).
# The NumPy side then multiplies the pair index by float(step) to get 2i/d_model.
from fractions import Fraction

import numpy as np


def positional_encoding(max_len, d_model):
    if d_model <= 0 or d_model % 2:
        raise ValueError("d_model must be a positive even integer")
    step = Fraction(2, d_model)          # exponent increment from one pair to the next
    exponent = np.arange(d_model // 2) * float(step)
    angles = np.arange(max_len)[:, None] * (10000.0 ** -exponent)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
