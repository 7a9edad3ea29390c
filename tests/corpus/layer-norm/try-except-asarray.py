# Wraps the conversion in try/except: anything np.asarray(..., dtype=float) can't turn into
# a float array raises a TypeError with context. Uses numbers.Real to check eps.
# The maths is the np.mean / np.var version.
import numbers

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    try:
        x = np.asarray(x, dtype=float)
        gamma = np.asarray(gamma, dtype=float)
        beta = np.asarray(beta, dtype=float)
    except (TypeError, ValueError) as err:
        raise TypeError(f"layer_norm needs numeric arrays: {err}") from err
    if not isinstance(eps, numbers.Real):
        raise TypeError("eps must be a real number")
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
