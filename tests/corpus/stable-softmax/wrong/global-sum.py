# wrong: divides by the sum of every exponential in the array, so only the whole array sums to 1.
# diagnosis: global-normalisation
# proposed: global-sum-normalisation: sum along `axis` with keepdims=True so each slice sums to 1.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e)
