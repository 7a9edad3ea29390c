# wrong: the plain textbook exp(x) / sum(exp(x)) without subtracting the maximum: overflows to inf/inf = nan at 1000.
# diagnosis: no-max-subtraction
# proposed: no-max-subtraction: exp(1000) overflows; subtract each slice's maximum before exponentiating.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x)
    return e / np.sum(e, axis=axis, keepdims=True)
