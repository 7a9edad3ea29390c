# Uses np.apply_over_axes(np.mean, a, [-1]): it calls np.mean once over the whole array for
# the given axis (not once per row) and keeps the reduced axis, like keepdims=True.
# The variance is the same call on the squared deviations.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=float)
    last = [x.ndim - 1]
    mu = np.apply_over_axes(np.mean, x, last)
    var = np.apply_over_axes(np.mean, (x - mu) ** 2, last)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
