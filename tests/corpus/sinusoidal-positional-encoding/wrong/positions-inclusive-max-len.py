# wrong: Reads "how many positions" as positions 0 through max_len inclusive and builds max_len + 1 rows.
# diagnosis: one-row-too-many

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len + 1).reshape(-1, 1)      # 0 .. max_len
    omega = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    angles = positions * omega
    pe = np.zeros((positions.shape[0], d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
