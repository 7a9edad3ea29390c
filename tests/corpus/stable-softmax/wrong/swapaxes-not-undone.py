# wrong: swaps `axis` to the end to reuse a last-axis softmax, but returns the result without swapping it back.
# diagnosis: axis-not-moved-back
# proposed: axis-not-restored: after np.swapaxes(x, axis, -1) the result must be swapped back to x's layout.
import numpy as np


def softmax(x, axis=-1):
    z = np.swapaxes(x, axis, -1)
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
