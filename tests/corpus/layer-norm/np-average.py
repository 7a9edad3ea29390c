# Uses np.average (which also supports weights, unused here) with keepdims=True for both
# the mean and the mean of squared deviations. Same maths, different spelling.
# np.average with keepdims needs NumPy >= 1.23.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.average(x, axis=-1, keepdims=True)
    var = np.average((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
