# wrong: reduces the maximum without keepdims, so it broadcasts against the wrong axis (or fails to broadcast).
# diagnosis: missing-keepdims-max
# proposed: missing-keepdims-max: x.max(axis) drops the axis; keepdims=True keeps it lined up with x.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis))
    return e / np.sum(e, axis=axis, keepdims=True)
