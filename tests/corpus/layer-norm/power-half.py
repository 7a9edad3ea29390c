# Uses the ** operator instead of np.sqrt: (var + eps) ** 0.5 for the denominator,
# and ** 2 for the squared deviations. Someone who writes maths with exponents.
# Positional axis argument: x.mean(-1, keepdims=True) is the same as axis=-1.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return gamma * (x - mu) / (var + eps) ** 0.5 + beta
