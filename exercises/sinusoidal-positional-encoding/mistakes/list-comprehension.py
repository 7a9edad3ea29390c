import math

import numpy as np


def positional_encoding(max_len, d_model):
    rows = [
        [
            math.sin(pos / 10000 ** (j / d_model)) if j % 2 == 0
            else math.cos(pos / 10000 ** ((j - 1) / d_model))
            for j in range(d_model)
        ]
        for pos in range(max_len)
    ]
    return np.array(rows)
