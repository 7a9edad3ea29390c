# wrong: Forgets the "1 +" inside the GELU: 0.5 * z * tanh(...), which is negative-symmetric and wrong.
# diagnosis: missing-one-plus
# proposed: gelu-missing-one: GELU is 0.5 z (1 + tanh(...)); the 1 makes it close to z for large positive z.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)) @ w2 + b2
