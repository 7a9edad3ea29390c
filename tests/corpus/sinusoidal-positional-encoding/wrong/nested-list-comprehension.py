# wrong: Builds the whole table as a nested list comprehension over positions and columns, then converts it with np.array.
# diagnosis: list-comprehension, loop-comprehension

import math
import numpy as np


def positional_encoding(max_len, d_model):
    def value(pos, j):
        angle = pos / 10000 ** ((j - j % 2) / d_model)
        return math.sin(angle) if j % 2 == 0 else math.cos(angle)

    return np.array([[value(pos, j) for j in range(d_model)] for pos in range(max_len)],
                    dtype=float)
