# Learner whose mental model is "softmax is over the last axis": moves `axis` to the end,
# does the familiar last-axis version, then moves it back where it came from.
import numpy as np


def softmax(x, axis=-1):
    last = np.moveaxis(x, axis, -1)
    e = np.exp(last - last.max(axis=-1, keepdims=True))
    out = e / e.sum(axis=-1, keepdims=True)
    return np.moveaxis(out, -1, axis)
