# np.mgrid version: a dense grid over (position, column) for the full width, where the
# pair index of column c is c // 2. Then np.where picks sin for even columns and cos for
# odd ones. Both sin and cos are evaluated on the whole table, which is fine for this size.
import numpy as np


def positional_encoding(max_len, d_model):
    pos, col = np.mgrid[0:max_len, 0:d_model]
    angles = pos * np.power(10000.0, -(2 * (col // 2)) / d_model)
    return np.where(col % 2 == 0, np.sin(angles), np.cos(angles))
