# wrong: subtracts the minimum "to make everything non-negative", so the largest exponent still overflows.
# diagnosis: subtracts-min
# proposed: subtracts-min: subtract the maximum, so every exponent is <= 0 and exp cannot overflow.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.min(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
