# wrong: Wraps the table in a class that stores it as an attribute, and the entry function builds the object but never returns anything.
# diagnosis: returns-none

import numpy as np


class SinusoidalPE:
    def __init__(self, max_len: int, d_model: int) -> None:
        pos = np.arange(max_len)[:, None]
        omega = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
        self.pe = np.zeros((max_len, d_model))
        self.pe[:, 0::2] = np.sin(pos * omega)
        self.pe[:, 1::2] = np.cos(pos * omega)


def positional_encoding(max_len, d_model):
    encoder = SinusoidalPE(max_len, d_model)
    print(encoder.pe.shape)
