import numpy as np


def position_embedding(positions, table):
    return table[positions % table.shape[0]]
