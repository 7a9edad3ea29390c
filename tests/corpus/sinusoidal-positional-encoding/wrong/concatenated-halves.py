# wrong: Puts all the sines in the first half and all the cosines in the second half with np.concatenate, as in several blog-post implementations.
# diagnosis: concatenated-halves, columns-permuted

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    two_i = np.arange(0, d_model, 2)
    omega = 1.0 / (10000 ** (two_i / d_model))
    angles = pos * omega
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)
