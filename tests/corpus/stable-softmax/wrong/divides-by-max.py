# wrong: "normalises" by dividing by the largest magnitude instead of subtracting the maximum, which changes the softmax.
# diagnosis: rescales-scores
# proposed: divides-by-max: the shift must be x - max(x); dividing by max is a different function.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x / np.max(np.abs(x), axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
