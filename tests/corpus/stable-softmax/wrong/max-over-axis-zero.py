# wrong: takes the maximum over axis 0 (columns) but sums along `axis`: the shift is not constant within a slice.
# diagnosis: max-wrong-axis
# proposed: max-wrong-axis: the maximum must be taken along the same axis as the sum.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=0, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
