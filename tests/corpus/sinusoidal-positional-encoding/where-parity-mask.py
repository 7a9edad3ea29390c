# Full-width approach with a boolean parity mask: each column gets the frequency of its
# pair via np.repeat, a row vector `is_even` marks sine columns, and np.where chooses
# between np.sin and np.cos of the same angle table.
import numpy as np


def positional_encoding(max_len, d_model):
    freqs = np.repeat(1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model), 2)
    angles = np.arange(max_len)[:, None] * freqs[None, :]
    is_even = (np.arange(d_model) % 2 == 0)[None, :]
    return np.where(is_even, np.sin(angles), np.cos(angles))
