# wrong: Fills the table entry by entry with two nested for loops over positions and column pairs, straight from the formula.
# diagnosis: python-loop, loop-for

import math
import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    for pos in range(max_len):
        for i in range(d_model // 2):
            angle = pos / (10000 ** (2 * i / d_model))
            pe[pos, 2 * i] = math.sin(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe
