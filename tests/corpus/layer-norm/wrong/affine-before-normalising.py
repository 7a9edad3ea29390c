# wrong: applies gamma and beta to the input first and then normalises the result.
# diagnosis: affine-before-normalise

import numpy as np


def _normalise(v, eps):
    m = v.mean(axis=-1, keepdims=True)
    return (v - m) / np.sqrt(v.var(axis=-1, keepdims=True) + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    scaled = gamma * x + beta  # learned affine transform
    return _normalise(scaled, eps)
