import numpy as np


def softmax(x, axis=-1):
    # Subtracting each slice's own maximum leaves the result unchanged (it cancels between the
    # numerator and the denominator) and keeps every exponent <= 0: nothing can overflow.
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)
