# wrong: Reuses a PyTorch-style class whose constructor takes (d_model, max_len) and passes the entry function's arguments in the entry function's order.
# diagnosis: arguments-swapped

import numpy as np


class PositionalEncoding:
    def __init__(self, d_model, max_len=5000):
        position = np.arange(max_len)[:, None]
        div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
        self.pe = np.zeros((max_len, d_model))
        self.pe[:, 0::2] = np.sin(position * div_term)
        self.pe[:, 1::2] = np.cos(position * div_term)


def positional_encoding(max_len, d_model):
    return PositionalEncoding(max_len, d_model).pe
