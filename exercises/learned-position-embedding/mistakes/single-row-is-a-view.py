import numpy as np


def position_embedding(positions, table):
    positions = np.asarray(positions)
    max_len = table.shape[0]
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    if positions.ndim == 0:
        return table[int(positions)]  # a single position: its row
    return table[positions]
