# wrong: subtracts x.max(axis=axis) without keepdims, so the maxima broadcast against the wrong axis (or not at all).
# diagnosis: missing-keepdims-max

import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    z = x - x.max(axis=axis)
    ez = np.exp(z)
    return ez / ez.sum(axis=axis, keepdims=True)
