# wrong: follows the tensor2tensor layout and concatenates all the sines, then all the cosines, instead of interleaving them.
# diagnosis: concatenated-halves

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype=np.float64)[:, None]
    i = np.arange(d_model // 2, dtype=np.float64)[None, :]
    angles = pos / np.power(10000.0, 2 * i / d_model)
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=-1)
