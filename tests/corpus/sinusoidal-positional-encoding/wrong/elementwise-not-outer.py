# wrong: Multiplies the 1-D position and frequency vectors directly, expecting an outer product, so it broadcasts wrongly or fails whenever the lengths differ.
# diagnosis: vectors-multiplied-not-outer
# proposed: elementwise-not-outer: multiplies positions and frequencies as two 1-D vectors (no [:, None]) instead of forming their outer product

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)
    omega = 1 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = positions * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
