# Imports the individual NumPy names it needs (from numpy import sin, cos, arange, ...)
# so the body reads like the formula: sin(pos * w), cos(pos * w).
# Someone coming from MATLAB or from `from math import *` habits.
from numpy import arange, cos, empty, exp, log, newaxis, sin


def positional_encoding(max_len, d_model):
    pos = arange(max_len)[:, newaxis]
    w = exp(-arange(0, d_model, 2) * log(10000.0) / d_model)
    pe = empty((max_len, d_model))
    pe[:, 0::2] = sin(pos * w)
    pe[:, 1::2] = cos(pos * w)
    return pe
