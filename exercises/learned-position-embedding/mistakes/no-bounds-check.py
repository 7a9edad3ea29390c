import numpy as np


def position_embedding(positions, table):
    # NumPy raises IndexError past the end by itself
    return table[positions]
