import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    while True:
        pe = pe + 0.0
    return pe
