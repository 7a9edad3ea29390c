# wrong: Uses np.apply_along_axis over a column of positions to build each row, which calls the Python function once per position.
# diagnosis: loop-apply-along-axis

import numpy as np


def positional_encoding(max_len, d_model):
    omega = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)

    def row(p):
        out = np.zeros(d_model)
        out[0::2] = np.sin(p[0] * omega)
        out[1::2] = np.cos(p[0] * omega)
        return out

    return np.apply_along_axis(row, 1, np.arange(max_len, dtype=float)[:, None])
