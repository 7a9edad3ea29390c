import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True), dtype=np.float32)
    return e / np.sum(e, axis=axis, keepdims=True)
