# wrong: puts the cosines in the even columns and the sines in the odd ones.
# diagnosis: sin-cos-swapped

import numpy as np


def positional_encoding(max_len: int, d_model: int) -> np.ndarray:
    pe = np.zeros((max_len, d_model))
    position = np.arange(0, max_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe[:, 0::2] = np.cos(position * div_term)
    pe[:, 1::2] = np.sin(position * div_term)
    return pe
