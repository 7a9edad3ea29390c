import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    where = np.nonzero((positions < 0) | (positions >= max_len))
    if len(where[0]) > 0:
        first = positions[where][0]
        raise IndexError(f"position {first} is outside the table of length {max_len}")
    return table[positions]
