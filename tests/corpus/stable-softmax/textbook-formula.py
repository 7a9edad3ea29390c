# Straight from the lecture slide: softmax(x)_i = exp(x_i - max x) / sum_j exp(x_j - max x),
# with keepdims=True so the reductions broadcast back along `axis`.
import numpy as np


def softmax(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)
