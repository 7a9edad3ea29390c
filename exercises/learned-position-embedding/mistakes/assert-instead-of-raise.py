import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    assert ((positions >= 0) & (positions < max_len)).all(), "position out of range"
    return table[positions]
