# wrong: Forgets the output bias b2.
# diagnosis: missing-output-bias
# proposed: forgot-output-bias: the second layer adds b2 after the product: ... @ w2 + b2.

import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2
