import numpy as np


def position_embedding(positions, table):
    # position 1 is the first row of the table
    return table[positions - 1]
