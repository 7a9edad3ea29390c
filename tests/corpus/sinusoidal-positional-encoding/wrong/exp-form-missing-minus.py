# wrong: Uses the numerically friendly exp/log form but drops the minus sign, so the frequencies grow to 10000 instead of shrinking to 1/10000.
# diagnosis: multiplies-instead-of-divides

import numpy as np

LOG_BASE = np.log(10000.0)


def positional_encoding(max_len, d_model):
    # exp(2i * ln(10000) / d_model)
    omega = np.exp(np.arange(0, d_model, 2) * LOG_BASE / d_model)
    theta = np.outer(np.arange(max_len), omega)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(theta)
    pe[:, 1::2] = np.cos(theta)
    return pe
