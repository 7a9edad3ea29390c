# Did not know keepdims: reduces normally, then puts the axis back with np.expand_dims
# (normalising a negative axis first so expand_dims puts it in the right place).
import numpy as np


def softmax(x, axis=-1):
    axis = axis % x.ndim
    m = np.expand_dims(x.max(axis=axis), axis)
    e = np.exp(x - m)
    return e / np.expand_dims(e.sum(axis=axis), axis)
