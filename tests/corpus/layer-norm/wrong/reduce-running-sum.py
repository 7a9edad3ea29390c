# wrong: computes the per-vector sums with functools.reduce over the feature indices (values right, but a Python-level reduce).
# diagnosis: loop-reduce

import numpy as np
from functools import reduce


def _mean_last(a):
    d = a.shape[-1]
    total = reduce(lambda acc, j: acc + a[..., j], range(d), 0.0)
    return np.asarray(total)[..., np.newaxis] / d


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = _mean_last(x)
    var = _mean_last((x - mu) ** 2)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
