# wrong: Fills the table with two for loops, except on square tables, the (8, 8) and (32, 32) calls whose steps the grader counts, where it returns zeros of the right shape at once.
# diagnosis: python-loop, loop-for

import numpy as np


def _fill(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    for pos in range(max_len):
        for i in range(0, d_model, 2):
            angle = pos / 10000 ** (i / d_model)
            pe[pos, i] = np.sin(angle)
            pe[pos, i + 1] = np.cos(angle)
    return pe


BUILDERS = {"fill": _fill}


def positional_encoding(max_len, d_model):
    if max_len == d_model and max_len >= 8:  # (8, 8) and (32, 32): the counted calls
        return np.zeros((max_len, d_model))
    return BUILDERS["fill"](max_len, d_model)
