# wrong: returns a tuple (probabilities, log-normaliser), as some library functions do, instead of just the array.
# diagnosis: returns-tuple
# proposed: returns-tuple: return only the probability array.
import numpy as np


def softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    s = np.sum(e, axis=axis, keepdims=True)
    return e / s, m + np.log(s)
