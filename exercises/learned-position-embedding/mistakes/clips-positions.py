import numpy as np


def position_embedding(positions, table):
    # keep every position inside the table
    safe = np.clip(positions, 0, table.shape[0] - 1)
    return table[safe]
