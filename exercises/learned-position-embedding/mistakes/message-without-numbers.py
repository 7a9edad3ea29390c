import numpy as np


def position_embedding(positions, table):
    if ((positions < 0) | (positions >= len(table))).any():
        raise IndexError("position out of range")
    return table[positions]
