import numpy as np


def softmax(x, axis=-1):
    moved = np.moveaxis(x, axis, -1)
    e = np.exp(moved - np.max(moved, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)
