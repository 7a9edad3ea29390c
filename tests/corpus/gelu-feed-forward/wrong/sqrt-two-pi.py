# wrong: Uses sqrt(2 * pi) instead of sqrt(2 / pi) for the constant (mixed up with the Gaussian normaliser).
# diagnosis: sqrt-two-pi
# proposed: gelu-wrong-constant: the constant is sqrt(2 / pi) ~ 0.7979, not sqrt(2 * pi) ~ 2.5066.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 * np.pi) * (z + 0.044715 * z**3))) @ w2 + b2
