# wrong: types the textbook formula exp(x) / sum(exp(x)) without subtracting the maximum, so scores around 1000 give nan.
# diagnosis: no-max-subtraction

import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x)
    return e / e.sum(axis=axis, keepdims=True)
