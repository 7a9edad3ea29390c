# wrong: counts positions from 1 (the first token is position 1) and refuses position 0 with the statement's own wording.
# diagnosis: one-based-range, one-based-positions
import numpy as np


def position_embedding(positions, table):
    positions = np.asarray(positions)
    max_len = table.shape[0]
    outside = (positions < 1) | (positions > max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    return table[positions - 1]
