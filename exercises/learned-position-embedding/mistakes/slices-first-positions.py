import numpy as np


def position_embedding(positions, table):
    # the positions of a sequence of length T are 0, 1, ..., T - 1
    return table[: len(positions)]
