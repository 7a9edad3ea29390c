# wrong: raises ValueError ("a bad value") instead of the IndexError the statement asks for.
# diagnosis: value-error
# proposed: wrong-exception-type: an out-of-range position must raise IndexError, not ValueError.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 0) | (positions >= max_len)
    if bad.any():
        raise ValueError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return table[positions]
