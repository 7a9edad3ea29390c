# Java-flavoured design: a utility class with @staticmethod helpers for the pieces
# (positions, frequencies) and a @classmethod that assembles the table using them.
# The module-level function delegates to the classmethod.
import numpy as np


class PositionTable:
    BASE = 10000.0

    @staticmethod
    def positions(max_len):
        return np.arange(max_len, dtype=np.float64)

    @staticmethod
    def frequencies(d_model, base):
        return 1.0 / np.power(base, np.arange(0, d_model, 2) / d_model)

    @classmethod
    def build(cls, max_len, d_model):
        angles = cls.positions(max_len)[:, np.newaxis] * cls.frequencies(d_model, cls.BASE)[np.newaxis, :]
        return np.stack((np.sin(angles), np.cos(angles)), axis=-1).reshape(max_len, d_model)


def positional_encoding(max_len, d_model):
    return PositionTable.build(max_len, d_model)
