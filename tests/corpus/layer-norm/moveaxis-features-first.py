# Moves the feature axis to the front with np.moveaxis(x, -1, 0) so the statistics are
# reductions over axis 0 (broadcasting against (d, ...) with no keepdims), and gamma/beta
# get matching trailing singleton axes via reshape. Moves the axis back at the end.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    xt = np.moveaxis(np.asarray(x, dtype=float), -1, 0)        # (d, ...)
    mu = xt.mean(axis=0)
    var = xt.var(axis=0)
    xhat = (xt - mu) / np.sqrt(var + eps)
    extra = (1,) * (xt.ndim - 1)
    y = xhat * np.reshape(gamma, (-1,) + extra) + np.reshape(beta, (-1,) + extra)
    return np.moveaxis(y, 0, -1)
