# Belt-and-braces dtype handling: positions and exponents are created with
# np.asarray(..., dtype=np.float64) and the result is returned through np.asarray with an
# explicit float64 dtype, so integer inputs never lead to integer arithmetic.
import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.asarray(np.arange(max_len), dtype=np.float64)
    exponents = np.asarray(np.arange(0, d_model, 2), dtype=np.float64) / float(d_model)
    angles = positions[:, None] / np.power(10000.0, exponents)[None, :]
    pe = np.zeros((max_len, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return np.asarray(pe, dtype=np.float64)
