# Builds the row/column index arrays with np.indices, then derives the pair index as
# col // 2. The output starts as the sine of every angle and the odd columns are
# overwritten with cosines of the same (odd-column) angles.
import numpy as np


def positional_encoding(max_len, d_model):
    rows, cols = np.indices((max_len, d_model))
    omega = np.exp((cols // 2) * (-2.0 * np.log(10000.0) / d_model))
    angles = rows * omega
    pe = np.sin(angles)
    pe[:, 1::2] = np.cos(angles[:, 1::2])
    return pe
