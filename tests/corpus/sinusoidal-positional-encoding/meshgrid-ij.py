# Grid person: builds matching 2-D arrays of positions and pair indices with
# np.meshgrid(indexing="ij") and computes the angle for every cell at once.
# Equivalent to the outer product, just materialised as two full grids.
import numpy as np


def positional_encoding(max_len, d_model):
    P, I = np.meshgrid(np.arange(max_len), np.arange(d_model // 2), indexing="ij")
    angle = P * np.exp(-2.0 * I * np.log(10000.0) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
