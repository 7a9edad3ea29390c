# wrong: Builds the output buffer with np.zeros_like from a tiled integer position grid, which silently inherits the int64 dtype.
# diagnosis: integer-dtype

import numpy as np


def positional_encoding(max_len, d_model):
    grid = np.tile(np.arange(max_len)[:, None], (1, d_model))   # pos in every column
    pe = np.zeros_like(grid)
    freqs = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = grid[:, 0::2] * freqs
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
