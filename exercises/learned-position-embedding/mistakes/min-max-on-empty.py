import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    if positions.min() < 0 or positions.max() >= max_len:
        bad = positions.min() if positions.min() < 0 else positions.max()
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    return table[positions]
