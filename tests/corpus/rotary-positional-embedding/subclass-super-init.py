# An inheritance-minded learner: a generic `PairRotation` base class that
# rotates column pairs by a given angle table, and a `RotaryPositionEmbedding`
# subclass that calls super().__init__() and supplies pos * theta_i angles.
import numpy as np


class PairRotation:
    def __init__(self, name="pair-rotation"):
        self.name = name

    def angles(self, seq_len, d):
        return np.zeros((seq_len, d // 2))

    def __call__(self, x):
        a = self.angles(*x.shape)
        c, s = np.cos(a), np.sin(a)
        ev, od = x[:, ::2], x[:, 1::2]
        out = np.empty_like(x, dtype=np.float64)
        out[:, ::2] = ev * c - od * s
        out[:, 1::2] = ev * s + od * c
        return out


class RotaryPositionEmbedding(PairRotation):
    def __init__(self, base=10000.0):
        super().__init__(name="rope")
        self.base = base

    def angles(self, seq_len, d):
        theta = self.base ** (-2 * np.arange(d // 2) / d)
        return np.arange(seq_len)[:, None] * theta


_rope = RotaryPositionEmbedding()


def apply_rope(x):
    return _rope(x)
