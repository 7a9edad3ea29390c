# Someone exercising the class toolbox: @classmethod constructor from an
# input array, @property for the theta ladder and the angle table, and a
# @staticmethod that rotates pairs given cos and sin.
import numpy as np


class Rope:
    BASE = 10000.0

    def __init__(self, seq_len, dim):
        self.seq_len = seq_len
        self.dim = dim

    @classmethod
    def like(cls, x):
        return cls(*x.shape)

    @property
    def theta(self):
        return np.power(self.BASE, -np.arange(0, self.dim, 2) / self.dim)

    @property
    def angles(self):
        return np.arange(self.seq_len)[:, None] * self.theta[None, :]

    @staticmethod
    def rotate_pairs(a, b, cos, sin):
        return a * cos - b * sin, a * sin + b * cos

    def apply(self, x):
        ang = self.angles
        first, second = self.rotate_pairs(x[:, ::2], x[:, 1::2], np.cos(ang), np.sin(ang))
        return np.stack((first, second), axis=2).reshape(self.seq_len, self.dim)


def apply_rope(x):
    return Rope.like(x).apply(x)
