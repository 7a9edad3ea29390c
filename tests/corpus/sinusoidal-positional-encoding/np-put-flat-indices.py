# Writes into the flattened table with np.put: the flat indices of the even columns get
# the sines and the flat indices of the odd columns get the cosines. The flat indices come
# from an arange reshaped to the table's shape, sliced the same way as the columns.
import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] * 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    pe = np.zeros(max_len * d_model)
    flat = np.arange(max_len * d_model).reshape(max_len, d_model)
    np.put(pe, flat[:, 0::2], np.sin(angles))
    np.put(pe, flat[:, 1::2], np.cos(angles))
    return pe.reshape(max_len, d_model)
