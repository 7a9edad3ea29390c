# wrong: computes the softmax in x's own buffer with -=, out=x and /= to avoid allocating, destroying the caller's scores.
# diagnosis: modifies-input

import numpy as np


def softmax(x, axis=-1):
    x -= np.max(x, axis=axis, keepdims=True)
    np.exp(x, out=x)
    x /= np.sum(x, axis=axis, keepdims=True)
    return x
