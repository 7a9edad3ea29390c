import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    # positions go from 1 to max_len, the first token is position 1
    wrong = (positions < 1) | (positions > max_len)
    if wrong.any():
        p = int(positions[wrong].flat[0])
        raise IndexError(f"position {p} is not between 1 and {max_len}")
    return table[positions - 1]
