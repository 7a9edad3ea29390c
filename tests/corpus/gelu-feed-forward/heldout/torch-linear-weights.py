# wrong: ports a PyTorch nn.Linear block and multiplies by the transposed weights, x @ w1.T and h @ w2.T.
# diagnosis: torch-linear-layout

import numpy as np


def gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z ** 3)))


def feed_forward(x, w1, b1, w2, b2):
    # nn.Linear computes input @ weight.T + bias
    h = gelu(x @ w1.T + b1)
    return h @ w2.T + b2
