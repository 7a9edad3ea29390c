# wrong: wraps the positions in np.atleast_1d so that a single position "indexes like a sequence"; a position of shape () then gives (1, d_model).
# diagnosis: extra-leading-axis
import numpy as np


def position_embedding(positions, table):
    positions = np.atleast_1d(np.asarray(positions))
    max_len = table.shape[0]
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside][0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    return table[positions]
