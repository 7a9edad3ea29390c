# wrong: Writes z**2 for the correction term (0.044715 * z**2) instead of z cubed.
# diagnosis: cube-written-as-square
# proposed: gelu-wrong-power: the correction term inside the tanh is 0.044715 * z**3 (cubed).

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**2))) @ w2 + b2
