# wrong: Uses the exp/log form with the pair index i = 0, 1, 2, ... but forgets the factor 2 in -2i ln(10000) / d_model.
# diagnosis: exponent-uses-i

import math
import numpy as np


def positional_encoding(max_len, d_model):
    n_pairs = d_model // 2
    div_term = np.exp(np.arange(n_pairs) * (-math.log(10000.0) / d_model))
    position = np.arange(max_len, dtype=np.float64)[:, None]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
