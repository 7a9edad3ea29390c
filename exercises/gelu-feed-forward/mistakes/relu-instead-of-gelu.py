import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    hidden = np.maximum(0, x @ w1 + b1)
    return hidden @ w2 + b2
