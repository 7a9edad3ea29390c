# wrong: Generates the exponents with np.linspace(0, 1, d_model // 2), which includes the endpoint 1 and so spaces them as i / (d_model/2 - 1).
# diagnosis: linspace-exponents

import numpy as np


def positional_encoding(max_len, d_model):
    exponents = np.linspace(0, 1, d_model // 2)
    omega = 1.0 / 10000 ** exponents
    angles = np.arange(max_len)[:, None] * omega[None, :]
    pe = np.empty((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
