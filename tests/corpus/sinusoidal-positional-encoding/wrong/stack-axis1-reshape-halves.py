# wrong: Stacks sin and cos on axis=1 instead of the last axis before reshaping, so the reshape lays out the halves rather than interleaving them.
# diagnosis: concatenated-halves, columns-permuted

import numpy as np


def positional_encoding(max_len: int, d_model: int) -> np.ndarray:
    positions = np.arange(max_len, dtype=float).reshape(-1, 1)
    freqs = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    angles = positions * freqs                       # (max_len, d_model // 2)
    # pair each sin with its cos, then flatten the pairs into the row
    stacked = np.stack([np.sin(angles), np.cos(angles)], axis=1)
    return stacked.reshape(max_len, d_model)
