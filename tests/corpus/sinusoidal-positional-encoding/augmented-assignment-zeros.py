# Starts from np.zeros and *adds* the sines and cosines into their slices with +=,
# the way you'd add a position table onto an embedding matrix that is zero here.
# Frequencies from the exp/log form recommended in the statement.
import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    position = np.arange(max_len, dtype=float)[:, None]
    div = np.exp(np.arange(0, d_model, 2, dtype=float) * -(np.log(10000.0) / d_model))
    pe[:, 0::2] += np.sin(position * div)
    pe[:, 1::2] += np.cos(position * div)
    return pe
