# wrong: Applies GELU after the second layer as well ("every layer gets an activation").
# diagnosis: activation-on-both-layers
# proposed: activation-on-output: only the hidden layer is activated; the output is gelu(x @ w1 + b1) @ w2 + b2 as is.

import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return gelu(gelu(x @ w1 + b1) @ w2 + b2)
