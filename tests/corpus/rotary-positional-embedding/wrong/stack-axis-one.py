# wrong: Followed the hint's np.stack + reshape route but stacked on axis=1, so the reshape lays out all first coordinates before all second ones.
# diagnosis: columns-permuted

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    freqs = np.exp(-np.log(10000.0) * np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, np.newaxis] * freqs[np.newaxis, :]
    x_even = x[:, ::2]
    x_odd = x[:, 1::2]
    y_even = x_even * np.cos(angles) - x_odd * np.sin(angles)
    y_odd = x_even * np.sin(angles) + x_odd * np.cos(angles)
    return np.stack([y_even, y_odd], axis=1).reshape(seq_len, d)
