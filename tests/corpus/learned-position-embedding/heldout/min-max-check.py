# wrong: checks the bounds with positions.min() and positions.max(), which raise ValueError on an empty sequence.
# diagnosis: min-max-on-empty

import numpy as np


def position_embedding(positions, table):
    positions = np.asarray(positions)
    n = len(table)
    lo, hi = positions.min(), positions.max()
    if lo < 0:
        raise IndexError(f"position {lo} is outside the table of length {n}")
    if hi >= n:
        raise IndexError(f"position {hi} is outside the table of length {n}")
    return table[positions]
