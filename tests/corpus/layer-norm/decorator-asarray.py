# A decorator converts every array argument with np.asarray(..., dtype=float) before the
# real function runs, so lists and integer arrays work too. functools.wraps preserves the
# name and docstring; the decorated function is the plain keepdims formula.
import functools

import numpy as np


def as_float_arrays(func):
    @functools.wraps(func)
    def wrapper(x, gamma, beta, eps=1e-5):
        return func(np.asarray(x, dtype=float), np.asarray(gamma, dtype=float),
                    np.asarray(beta, dtype=float), float(eps))
    return wrapper


@as_float_arrays
def layer_norm(x, gamma, beta, eps=1e-5):
    """Layer normalisation over the last axis."""
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mu) / np.sqrt(var + eps) + beta
