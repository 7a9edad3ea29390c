# wrong: Types the base as 1000 (one zero short) in a module-level constant, so the frequencies only decay to 1/1000.
# diagnosis: wrong-base

import numpy as np

BASE = 1_000


def positional_encoding(max_len, d_model):
    inv_freq = 1.0 / (BASE ** (np.arange(0, d_model, 2) / d_model))
    t = np.arange(max_len)
    angles = np.einsum("p,f->pf", t, inv_freq)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
