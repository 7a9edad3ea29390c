# wrong: ports Gemma's RMSNorm and multiplies by (1 + gamma), although here gamma is the gain itself.
# diagnosis: one-plus-gamma

import numpy as np


class RMSNorm:
    def __init__(self, weight, eps=1e-6):
        self.weight = weight
        self.eps = eps

    def _norm(self, x):
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + self.eps)

    def __call__(self, x):
        return self._norm(x) * (1.0 + self.weight)


def rms_norm(x, gamma, eps=1e-6):
    return RMSNorm(gamma, eps)(x)
