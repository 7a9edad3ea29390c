# wrong: the denominator is summed without keepdims, so each slice is divided by the sums of other slices.
# diagnosis: missing-keepdims-sum
# proposed: missing-keepdims-sum: e.sum(axis) drops the axis; keepdims=True divides each slice by its own sum.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis)
