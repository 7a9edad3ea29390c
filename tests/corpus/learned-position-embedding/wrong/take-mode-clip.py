# wrong: uses np.take(..., mode="clip") to be "safe", which silently clamps out-of-range positions to the first or last row.
# diagnosis: clips-positions
# proposed: clamps-positions: clamping hides the bug; a position outside [0, max_len) must raise IndexError.
import numpy as np


def position_embedding(positions, table):
    return np.take(table, positions, axis=0, mode="clip")
