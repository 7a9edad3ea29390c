# wrong: Maps a lambda that encodes one position over range(max_len) and turns the resulting list of rows into an array.
# diagnosis: loop-map

import numpy as np


def positional_encoding(max_len, d_model):
    omega = 1 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    encode = lambda p: np.ravel(np.column_stack([np.sin(p * omega), np.cos(p * omega)]))
    return np.array(list(map(encode, range(max_len))))
