# wrong: takes the table length from table.shape[1] (d_model) instead of table.shape[0] (max_len) in the bounds check.
# diagnosis: none
# proposed: length-from-wrong-axis: The number of positions is the number of rows, table.shape[0]; shape[1] is the embedding width.

import numpy as np


def position_embedding(positions, table):
    positions = np.asarray(positions)
    max_len = table.shape[1]
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    return table[positions]
