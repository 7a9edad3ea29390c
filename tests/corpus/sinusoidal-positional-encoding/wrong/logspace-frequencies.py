# wrong: Reads "frequencies shrink geometrically from 1 to 1/10000" and uses np.logspace(0, -4, d_model // 2), whose last frequency is exactly 1/10000.
# diagnosis: linspace-exponents

import numpy as np


def positional_encoding(max_len, d_model):
    freqs = np.logspace(0, -4, num=d_model // 2)    # 1 ... 1e-4, geometric
    angles = np.arange(max_len)[:, None] * freqs
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
