# wrong: Ported nn.Linear literally as x @ W.T + b, transposing weights that are already (in, out).
# diagnosis: torch-linear-layout
# proposed: weights-transposed: here w1 is (d_model, d_ff) and w2 is (d_ff, d_model): use x @ w1, not x @ w1.T.

import numpy as np


def linear(x, weight, bias):
    return x @ weight.T + bias


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return linear(gelu(linear(x, w1, b1)), w2, b2)
