# Imports the names it needs straight from numpy instead of using the `np.` prefix.
from numpy import amax, exp
from numpy import sum as np_sum


def softmax(x, axis=-1):
    e = exp(x - amax(x, axis=axis, keepdims=True))
    return e / np_sum(e, axis=axis, keepdims=True)
