# wrong: Copies the sine line for the odd columns and changes the slice but not the function, so both columns of each pair hold the sine.
# diagnosis: sine-in-both-columns

import numpy as np


def positional_encoding(max_len, d_model):
    position = np.arange(max_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.sin(position * div_term)
    return pe
