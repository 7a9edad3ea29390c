# Split into small private helpers, one per step, as a tidy-code learner would: _shift, _exp_normalise.
import numpy as np


def _shift(x, axis):
    """Subtract the maximum of each slice so the largest exponent is exp(0) = 1."""
    return x - x.max(axis=axis, keepdims=True)


def _exp_normalise(z, axis):
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def softmax(x, axis=-1):
    return _exp_normalise(_shift(x, axis), axis)
