# wrong: Builds the positions with np.linspace(0, max_len, max_len), which includes max_len as an endpoint and so produces non-integer positions.
# diagnosis: linspace-positions

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.linspace(0, max_len, max_len)[:, None]
    omega = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(positions * omega)
    pe[:, 1::2] = np.cos(positions * omega)
    return pe
