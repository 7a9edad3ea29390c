# Keras habits: a `Softmax` layer object configured with `axis` in __init__ and applied with __call__,
# then a thin function wrapper because the exercise asks for `softmax(x, axis)`.
import numpy as np


class Softmax:
    def __init__(self, axis=-1):
        self.axis = axis

    def __call__(self, inputs):
        z = inputs - np.max(inputs, axis=self.axis, keepdims=True)
        e = np.exp(z)
        return e / np.sum(e, axis=self.axis, keepdims=True)


def softmax(x, axis=-1):
    return Softmax(axis=axis)(x)
