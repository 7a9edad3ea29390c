# wrong: relies on table[positions] to raise for bad positions, so a negative position silently returns a row from the end.
# diagnosis: no-bounds-check

import numpy as np


def position_embedding(positions, table):
    # NumPy raises IndexError by itself when a position is out of range
    return table[np.asarray(positions)]
