# Builds the "half-and-half" table first (all sines, then all cosines) with
# np.concatenate, which is how some libraries do it, and then reorders the columns with
# a permutation index [0, h, 1, h+1, ...] to get the required interleaved layout.
import numpy as np


def positional_encoding(max_len, d_model):
    half = d_model // 2
    angles = np.arange(max_len)[:, None] * np.exp(-np.arange(half) * 2 * np.log(10000.0) / d_model)
    split = np.concatenate([np.sin(angles), np.cos(angles)], axis=1)
    order = np.arange(d_model).reshape(2, half).T.ravel()   # 0, h, 1, h+1, ...
    return split[:, order]
