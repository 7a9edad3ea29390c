import numpy as np


def gelu(z):
    inner = np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)
    return 0.5 * z * np.tanh(inner)


def feed_forward(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2
