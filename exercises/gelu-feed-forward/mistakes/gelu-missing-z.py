import numpy as np


def gelu(z):
    # the Gaussian CDF, Phi(z), in its tanh approximation
    return 0.5 * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2
