# Functional-programming learner: the normalisation written as a pipeline of whole-array steps
# composed with functools.reduce (the steps, not the elements, are iterated).
from functools import partial, reduce

import numpy as np


def _compose(*steps):
    return lambda value: reduce(lambda acc, step: step(acc), steps, value)


def rms_norm(x, gamma, eps=1e-6):
    inverse_rms = _compose(
        np.square,
        partial(np.mean, axis=-1, keepdims=True),
        partial(np.add, eps),
        np.sqrt,
        np.reciprocal,
    )
    return x * inverse_rms(x) * gamma
