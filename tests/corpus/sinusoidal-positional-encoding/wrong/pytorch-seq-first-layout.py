# wrong: Copies the official PyTorch tutorial's seq-first buffer of shape (max_len, 1, d_model), keeping its middle batch axis.
# diagnosis: extra-middle-axis
# proposed: extra-middle-axis: the right values with an extra axis of length 1 inserted between positions and columns

import math
import numpy as np


def positional_encoding(max_len, d_model):
    position = np.arange(max_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    pe = np.zeros((max_len, 1, d_model))
    pe[:, 0, 0::2] = np.sin(position * div_term)
    pe[:, 0, 1::2] = np.cos(position * div_term)
    return pe
