# Cautious numerics: the frequency computation runs inside np.errstate(all="raise") so any
# overflow or invalid operation would raise instead of silently producing inf/nan.
# For valid sizes nothing is raised; the rest is the standard slice assignment.
import numpy as np


def positional_encoding(max_len, d_model):
    with np.errstate(all="raise"):
        exponent = np.arange(0, d_model, 2, dtype=np.float64) / d_model
        omega = np.exp(-exponent * np.log(10000.0))
        angles = np.arange(max_len, dtype=np.float64)[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
