# wrong: copied a last-axis softmax and never uses the `axis` parameter.
# diagnosis: ignores-axis
# proposed: ignores-axis: the softmax must be taken along `axis`, not always the last axis.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
