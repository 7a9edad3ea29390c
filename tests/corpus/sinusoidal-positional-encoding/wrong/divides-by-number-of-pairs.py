# wrong: Uses the even indices 2i but divides by the number of pairs d_model // 2 instead of d_model, so the exponent is effectively 4i / d_model.
# diagnosis: exponent-doubled

import numpy as np


def positional_encoding(max_len, d_model):
    half = d_model // 2
    even_idx = np.arange(0, d_model, 2, dtype=float)
    freq = np.exp(-np.log(10000.0) * even_idx / half)
    ang = np.arange(max_len, dtype=float)[:, None] * freq[None]
    out = np.empty((max_len, d_model))
    out[:, 0::2], out[:, 1::2] = np.sin(ang), np.cos(ang)
    return out
