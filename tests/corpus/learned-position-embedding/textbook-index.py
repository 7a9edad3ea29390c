# The obvious one: check the range with a boolean mask, report the first bad position, then fancy-index the table.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 0) | (positions >= max_len)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return table[positions]
