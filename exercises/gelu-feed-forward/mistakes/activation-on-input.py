import numpy as np


def gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    activated = gelu(x)
    hidden = activated @ w1 + b1
    return hidden @ w2 + b2
