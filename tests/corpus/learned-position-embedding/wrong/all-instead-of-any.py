# wrong: raises only when ALL positions are out of range (np.all instead of np.any), so one bad position among good ones slips through.
# diagnosis: all-instead-of-any
# proposed: all-instead-of-any: one position out of range is enough to raise; use np.any.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 0) | (positions >= max_len)
    if np.all(bad):
        raise IndexError(f"position {positions.flat[0]} is out of range for a table of length {max_len}")
    return table[positions]
