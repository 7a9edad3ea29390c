# A learner who likes the `operator` module: operator.mul / sub / add for
# the rotation formula and operator.itemgetter with slice objects to pull
# out the even and odd columns.
import operator

import numpy as np

_even = operator.itemgetter((slice(None), slice(0, None, 2)))
_odd = operator.itemgetter((slice(None), slice(1, None, 2)))


def apply_rope(x):
    n, d = x.shape
    angle = operator.mul(np.arange(n)[:, None], np.power(10000.0, -np.arange(0, d, 2) / d))
    c, s = np.cos(angle), np.sin(angle)
    a, b = _even(x), _odd(x)
    first = operator.sub(operator.mul(a, c), operator.mul(b, s))
    second = operator.add(operator.mul(a, s), operator.mul(b, c))
    return np.stack([first, second], axis=-1).reshape(n, d)
