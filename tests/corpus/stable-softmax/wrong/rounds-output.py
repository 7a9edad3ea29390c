# wrong: rounds the probabilities to 4 decimals "to make them readable" before returning them.
# diagnosis: low-precision
# proposed: rounded-output: return the exact probabilities; rounding belongs in printing only.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return np.round(e / np.sum(e, axis=axis, keepdims=True), 4)
