# Competitive-programming one-liner with a lambda bound to a short name.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    return (lambda z: 0.5 * z * (1 + np.tanh(0.7978845608028654 * (z + 0.044715 * z**3))))(x @ w1 + b1) @ w2 + b2
