# `from numpy import *`, as in older tutorials and MATLAB ports: every name bare (arange, sin,
# newaxis, power), one table filled by slicing.
from numpy import *


def positional_encoding(max_len, d_model):
    pos = arange(max_len)[:, newaxis]
    i = arange(0, d_model, 2)
    angles = pos / power(10000.0, i / d_model)
    pe = zeros((max_len, d_model))
    pe[:, 0::2] = sin(angles)
    pe[:, 1::2] = cos(angles)
    return pe
