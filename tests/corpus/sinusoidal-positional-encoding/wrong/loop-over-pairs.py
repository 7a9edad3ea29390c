# wrong: Vectorises over positions but still loops over the column pairs with a for loop, one frequency at a time.
# diagnosis: python-loop, loop-for

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype=float)
    pe = np.empty((max_len, d_model))
    for col in range(0, d_model, 2):
        w = np.exp(-col * np.log(10000.0) / d_model)
        pe[:, col] = np.sin(pos * w)
        pe[:, col + 1] = np.cos(pos * w)
    return pe
