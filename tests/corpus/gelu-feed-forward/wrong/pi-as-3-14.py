# wrong: Writes pi as 3.14 in the constant (and 0.0447 for the coefficient), a beginner's rounding.
# diagnosis: gelu-rounded-constants
# proposed: gelu-rounded-constants: use math.pi (or np.pi) and 0.044715 exactly; rounded constants change every activation.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / 3.14) * (z + 0.0447 * z**3))) @ w2 + b2
