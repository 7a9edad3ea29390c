import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    hidden = gelu(x @ w1) + b1
    return hidden @ w2 + b2
