# wrong: Adds b1 after the GELU instead of before it.
# diagnosis: bias-after-activation
# proposed: b1-after-gelu: b1 is part of the first linear layer: gelu(x @ w1 + b1), not gelu(x @ w1) + b1.

import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return (gelu(x @ w1) + b1) @ w2 + b2
