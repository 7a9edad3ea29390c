# wrong: Drops the parentheses so only z is scaled: sqrt(2/pi) * z + 0.044715 * z**3 inside the tanh.
# diagnosis: scale-outside-parentheses
# proposed: gelu-parenthesis: sqrt(2/pi) multiplies the whole (z + 0.044715 z^3), not only z.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * z + 0.044715 * z**3)) @ w2 + b2
