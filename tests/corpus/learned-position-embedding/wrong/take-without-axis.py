# wrong: np.take(table, positions) without axis=0 indexes the FLATTENED table, returning single numbers instead of rows.
# diagnosis: take-without-axis
# proposed: take-without-axis: np.take needs axis=0 to pick rows; without it, it indexes the flattened table.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 0) | (positions >= max_len)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return np.take(table, positions)
