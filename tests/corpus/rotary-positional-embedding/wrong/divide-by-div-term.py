# wrong: Reused the sinusoidal-encoding div_term (already 10000^(-2i/d)) but kept the "pos / 10000^(2i/d)" habit and divided by it.
# diagnosis: inverted-frequencies

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    position = np.arange(seq_len, dtype=np.float64)[:, None]
    div_term = np.exp(np.arange(0, d, 2) * -(np.log(10000.0) / d))
    angles = position / div_term
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * np.cos(angles) - x[:, 1::2] * np.sin(angles)
    out[:, 1::2] = x[:, 0::2] * np.sin(angles) + x[:, 1::2] * np.cos(angles)
    return out
