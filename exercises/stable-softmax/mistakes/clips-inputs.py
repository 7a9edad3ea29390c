import numpy as np


def softmax(x, axis=-1):
    clipped = np.clip(x, -500.0, 500.0)
    e = np.exp(clipped)
    return e / np.sum(e, axis=axis, keepdims=True)
