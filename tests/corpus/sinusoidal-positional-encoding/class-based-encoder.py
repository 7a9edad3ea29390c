# OOP learner: a SinusoidalEncoder class configured with the base in __init__ and called
# like a function through __call__. The module exposes `positional_encoding` as an
# instance, so calling positional_encoding(max_len, d_model) just works.
import numpy as np


class SinusoidalEncoder:
    def __init__(self, base=10000.0):
        self.base = base

    def __call__(self, max_len, d_model):
        positions = np.arange(max_len)[:, None]
        freqs = self.base ** (-np.arange(0, d_model, 2) / d_model)
        angles = positions * freqs
        table = np.empty((max_len, d_model))
        table[:, 0::2] = np.sin(angles)
        table[:, 1::2] = np.cos(angles)
        return table


positional_encoding = SinusoidalEncoder()
