# Wraps the input in a small object whose statistics are @property attributes (mean, var,
# std), computed on demand with axis=-1 reductions. The entry function reads them off.
# Someone who likes `stats.mean` better than a tuple of return values.
import numpy as np


class FeatureStats:
    def __init__(self, x, eps):
        self.x = np.asarray(x)
        self.eps = eps

    @property
    def mean(self):
        return self.x.mean(axis=-1, keepdims=True)

    @property
    def var(self):
        return self.x.var(axis=-1, keepdims=True)

    @property
    def std(self):
        return np.sqrt(self.var + self.eps)

    @property
    def normalized(self):
        return (self.x - self.mean) / self.std


def layer_norm(x, gamma, beta, eps=1e-5):
    return FeatureStats(x, eps).normalized * gamma + beta
