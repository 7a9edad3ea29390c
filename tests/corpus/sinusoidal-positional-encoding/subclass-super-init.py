# Class hierarchy: a generic PositionEncoding base class stores the sizes and allocates
# the table; the Sinusoidal subclass calls super().__init__() and overrides fill().
# Someone who learnt Python through a framework with Module-style classes.
import numpy as np


class PositionEncoding:
    def __init__(self, max_len, d_model):
        self.max_len = max_len
        self.d_model = d_model
        self.table = np.zeros((max_len, d_model), dtype=np.float64)

    def fill(self):
        raise NotImplementedError

    def build(self):
        self.fill()
        return self.table


class SinusoidalPositionEncoding(PositionEncoding):
    def __init__(self, max_len, d_model, base=10000.0):
        super().__init__(max_len, d_model)
        self.base = base

    def fill(self):
        pos = np.arange(self.max_len)[:, None]
        w = self.base ** (-np.arange(0, self.d_model, 2) / self.d_model)
        self.table[:, 0::2] = np.sin(pos * w)
        self.table[:, 1::2] = np.cos(pos * w)


def positional_encoding(max_len, d_model):
    return SinusoidalPositionEncoding(max_len, d_model).build()
