# wrong: Takes np.vectorize's class once with type() at import and wraps math.sin and math.cos in it, believing the class is not the per-element helper the statement warns about.
# diagnosis: np-vectorize, loop-vectorize

import math

import numpy as np

Elementwise = type(np.vectorize(abs))  # built once, reused for every table


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len, dtype=np.float64)[:, None]
    frequencies = 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * frequencies
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = Elementwise(math.sin)(angles)
    pe[:, 1::2] = Elementwise(math.cos)(angles)
    return pe
