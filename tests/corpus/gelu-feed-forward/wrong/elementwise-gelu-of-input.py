# wrong: Applies GELU to the input before the first layer (activation first, then two linear layers).
# diagnosis: activation-on-input
# proposed: activation-misplaced: GELU goes between the two layers, on x @ w1 + b1, not on x.

import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return (gelu(x) @ w1 + b1) @ w2 + b2
