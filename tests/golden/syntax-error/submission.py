import numpy as np


def positional_encoding(max_len, d_model)
    return np.zeros((max_len, d_model))
