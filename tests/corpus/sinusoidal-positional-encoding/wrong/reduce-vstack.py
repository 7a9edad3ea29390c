# wrong: Accumulates the table with functools.reduce, stacking one new row onto the growing array per position.
# diagnosis: loop-reduce

from functools import reduce

import numpy as np


def positional_encoding(max_len, d_model):
    omega = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))

    def add_row(table, pos):
        row = np.empty((1, d_model))
        row[0, 0::2] = np.sin(pos * omega)
        row[0, 1::2] = np.cos(pos * omega)
        return np.vstack([table, row])

    return reduce(add_row, range(max_len), np.empty((0, d_model)))
