# Uses a float arange with step 2.0 for the "2i" values and multiplies by a precomputed
# scalar -ln(10000)/d_model. Positions are a float column from arange(...)[:, None].
# Minimalist textbook solution with one temporary for the angle table.
import numpy as np


def positional_encoding(max_len, d_model):
    two_i = np.arange(0.0, d_model, 2.0)
    omega = np.exp(two_i * (-np.log(10000.0) / d_model))
    theta = np.arange(max_len, dtype=float)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, ::2] = np.sin(theta)
    pe[:, 1::2] = np.cos(theta)
    return pe
