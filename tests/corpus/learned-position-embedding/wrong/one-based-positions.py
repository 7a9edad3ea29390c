# wrong: thinks positions count from 1 (as in "the first token"), so looks up row position - 1.
# diagnosis: one-based-range, one-based-positions
# proposed: positions-start-at-1: position p is row p of the table; positions start at 0.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 1) | (positions > max_len)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return table[positions - 1]
