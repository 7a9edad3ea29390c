import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    outside = (positions < 0) | (positions >= max_len)
    # raise when the positions are out of range
    if outside.all():
        bad = positions[outside][0]
        raise IndexError(f"position {bad} does not fit a table of {max_len} rows")
    return table[positions]
