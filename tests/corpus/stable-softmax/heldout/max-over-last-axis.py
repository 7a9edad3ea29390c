# wrong: honours axis in the sum but always takes the stabilising maximum over the last axis, which is not constant along other axes.
# diagnosis: none
# proposed: max-ignores-axis: The shift must be the maximum of each slice along `axis`; a maximum over a different axis changes within a slice and overflows or underflows there.

import numpy as np


def softmax(x, axis=-1):
    m = x.max(axis=-1, keepdims=True)   # per-row max for stability
    e = np.exp(x - m)
    return e / e.sum(axis=axis, keepdims=True)
