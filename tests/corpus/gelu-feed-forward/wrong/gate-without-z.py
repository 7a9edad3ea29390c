# wrong: Returns only the Gaussian CDF approximation 0.5 * (1 + tanh(...)) as the activation, forgetting to multiply by z.
# diagnosis: gelu-missing-z
# proposed: gelu-missing-z: GELU(z) = z * Phi(z); the tanh expression is Phi(z) alone and must be multiplied by z.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3))) @ w2 + b2
