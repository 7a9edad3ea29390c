# wrong: Computes the frequency row once but fills the table row by row with a while loop, in a C-like style.
# diagnosis: python-loop, loop-while

import numpy as np


def positional_encoding(max_len, d_model):
    omega = 1.0 / np.power(10000.0, np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pos = 0
    while pos < max_len:
        pe[pos, 0::2] = np.sin(pos * omega)
        pe[pos, 1::2] = np.cos(pos * omega)
        pos += 1
    return pe
