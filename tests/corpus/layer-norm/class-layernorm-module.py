# PyTorch-module mindset: a LayerNorm class holds gamma, beta and eps like nn.LayerNorm's
# weight, bias and eps, and __call__ does the forward pass. The required function builds a
# module from its arguments and calls it, so the class is reusable elsewhere.
import numpy as np


class LayerNorm:
    def __init__(self, gamma, beta, eps=1e-5):
        self.weight = np.asarray(gamma)
        self.bias = np.asarray(beta)
        self.eps = eps

    def __call__(self, x):
        return self.forward(x)

    def forward(self, x):
        mean = x.mean(axis=-1, keepdims=True)
        var = x.var(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.eps) * self.weight + self.bias


def layer_norm(x, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(x)
