# wrong: computes in float16 "to save memory", losing most of the precision of the probabilities.
# diagnosis: low-precision
# proposed: low-precision: keep float64; float16 has about 3 significant digits.
import numpy as np


def softmax(x, axis=-1):
    z = (x - np.max(x, axis=axis, keepdims=True)).astype(np.float16)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)
