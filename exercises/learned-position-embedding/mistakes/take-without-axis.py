import numpy as np


def position_embedding(positions, table):
    max_len = len(table)
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    return table.take(positions)
