# Linear-algebra learner: the mean over the last axis is a matrix-vector product with the
# averaging vector ones(d) / d, so `x @ avg` reduces the features for any number of leading
# axes. The variance is the same product applied to the squared deviations.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    avg = np.full(d, 1.0 / d)
    mu = (x @ avg)[..., None]
    dev = x - mu
    var = ((dev ** 2) @ avg)[..., None]
    return dev / np.sqrt(var + eps) * gamma + beta
