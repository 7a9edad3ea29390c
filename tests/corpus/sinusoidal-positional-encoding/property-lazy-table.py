# Uses @property for derived quantities: the frequencies and the angle grid are properties
# of a small PositionalEncoding object, and `.pe` assembles the table from them.
# Each call of the entry function creates a fresh object, so nothing is shared between calls.
import numpy as np


class PositionalEncoding:
    def __init__(self, max_len, d_model):
        self.max_len = max_len
        self.d_model = d_model

    @property
    def inv_freq(self):
        return np.exp(np.arange(0, self.d_model, 2) * (-np.log(10000.0) / self.d_model))

    @property
    def angles(self):
        return np.arange(self.max_len)[:, None] * self.inv_freq[None, :]

    @property
    def pe(self):
        a = self.angles
        out = np.empty((self.max_len, self.d_model))
        out[:, 0::2] = np.sin(a)
        out[:, 1::2] = np.cos(a)
        return out


def positional_encoding(max_len, d_model):
    return PositionalEncoding(max_len, d_model).pe
