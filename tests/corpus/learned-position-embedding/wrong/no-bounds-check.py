# wrong: plain fancy indexing with no check: NumPy raises for positions >= max_len, but negative positions silently wrap to the end of the table.
# diagnosis: no-bounds-check
# proposed: negative-position-wraps: table[-1] is the last row, not an error; check positions < 0 yourself and raise IndexError.
import numpy as np


def position_embedding(positions, table):
    return table[positions]
