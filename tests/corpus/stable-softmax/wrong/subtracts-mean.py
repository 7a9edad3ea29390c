# wrong: centres each slice on its mean instead of its maximum; exp(x - mean) still overflows when values spread by 1000s.
# diagnosis: subtracts-mean
# proposed: subtracts-mean: only subtracting the maximum bounds every exponent by 0.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.mean(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
