# wrong: Drops the leading 0.5 of the GELU, doubling every activation.
# diagnosis: missing-half
# proposed: gelu-missing-half: GELU is 0.5 * z * (1 + tanh(...)); without the 0.5 it is twice too large.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3))) @ w2 + b2
