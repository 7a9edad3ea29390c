# Inheritance: a Normalizer base class stores eps and implements the standardisation;
# LayerNorm(Normalizer) calls super().__init__(eps) and adds the learned affine step.
# An RMSNorm sibling would override only `_center`; here only LayerNorm is needed.
import numpy as np


class Normalizer:
    def __init__(self, eps=1e-5):
        self.eps = eps

    def _center(self, x):
        return x - x.mean(axis=-1, keepdims=True)

    def standardize(self, x):
        c = self._center(x)
        return c / np.sqrt((c ** 2).mean(axis=-1, keepdims=True) + self.eps)


class LayerNorm(Normalizer):
    def __init__(self, gamma, beta, eps=1e-5):
        super().__init__(eps)
        self.gamma = gamma
        self.beta = beta

    def __call__(self, x):
        return self.gamma * self.standardize(x) + self.beta


def layer_norm(x, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(x)
