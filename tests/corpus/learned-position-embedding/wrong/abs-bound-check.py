# wrong: checks abs(position) >= max_len, which still accepts -1 .. -(max_len - 1) and lets them wrap.
# diagnosis: no-bounds-check
# proposed: negative-position-wraps: any position below 0 is invalid, not just those with a large magnitude.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = np.abs(positions) >= max_len
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return table[positions]
