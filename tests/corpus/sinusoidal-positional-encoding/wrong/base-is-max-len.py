# wrong: Believes the 10000 in the paper stands for the maximum sequence length and uses max_len as the base of the geometric frequencies.
# diagnosis: wrong-base

import numpy as np


def positional_encoding(max_len, d_model):
    # paper uses 10000 because its max length was 10000
    base = float(max_len)
    omega = base ** (-np.arange(0, d_model, 2) / d_model)
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
