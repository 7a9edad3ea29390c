# wrong: subtracts the maximum of the whole array instead of each slice's maximum, so a slice far below it underflows to 0/0.
# diagnosis: global-max
# proposed: global-max-subtraction: take the maximum along `axis` (keepdims=True), not over the whole array.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x))
    return e / np.sum(e, axis=axis, keepdims=True)
