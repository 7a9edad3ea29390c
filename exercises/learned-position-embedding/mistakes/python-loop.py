import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    rows = [table[p] for p in positions.ravel()]
    return np.array(rows).reshape(positions.shape + (table.shape[1],))
