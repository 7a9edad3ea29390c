# Split into small private helpers, one per step of the formula: _mean_square, _rms, then the public
# function. A learner who was taught "one job per function".
import numpy as np

_LAST = -1


def _mean_square(x):
    return np.mean(x * x, axis=_LAST, keepdims=True)


def _rms(x, eps):
    return np.sqrt(_mean_square(x) + eps)


def rms_norm(x, gamma, eps=1e-6):
    return gamma * (x / _rms(x, eps))
