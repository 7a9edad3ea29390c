# wrong: Rescales the table from [-1, 1] to [0, 1] with (pe + 1) / 2, as was done for plotting it with imshow.
# diagnosis: affine

import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.outer(np.arange(max_len), 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    pe = (pe + 1) / 2      # nicer range for visualising
    return pe
