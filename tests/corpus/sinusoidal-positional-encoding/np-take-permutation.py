# Same "concatenate then interleave" idea, but the column reordering is done by
# np.take(..., axis=1) with an index computed arithmetically: output column c reads
# source column (c // 2) + (c % 2) * (d / 2). Uses np.concat (NumPy 2 spelling).
import numpy as np


def positional_encoding(max_len, d_model):
    h = d_model // 2
    theta = np.arange(max_len)[:, None] / np.power(10000.0, 2 * np.arange(h) / d_model)[None, :]
    blocks = np.concat((np.sin(theta), np.cos(theta)), axis=1)
    c = np.arange(d_model)
    return np.take(blocks, c // 2 + (c % 2) * h, axis=1)
