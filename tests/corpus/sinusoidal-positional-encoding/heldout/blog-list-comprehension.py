# wrong: builds the table row by row with the nested list comprehension from a popular blog post; the values are right but it loops in Python.
# diagnosis: list-comprehension, loop-comprehension

import numpy as np


def positional_encoding(max_len, d_model):
    table = np.array([
        [pos / np.power(10000, 2 * (j // 2) / d_model) for j in range(d_model)]
        for pos in range(max_len)
    ], dtype=np.float64).reshape(max_len, d_model)
    table[:, 0::2] = np.sin(table[:, 0::2])
    table[:, 1::2] = np.cos(table[:, 1::2])
    return table
