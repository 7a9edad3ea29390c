import numpy as np


def gelu(z):
    c = np.sqrt(2.0 / np.pi)
    return 0.5 * z * (1.0 + np.tanh(c * z + 0.044715 * z**3))


def feed_forward(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2
