# wrong: Uses ReLU (as in the original Transformer paper's FFN) instead of GELU.
# diagnosis: relu-instead-of-gelu
# proposed: relu-not-gelu: the activation is GELU (tanh form), which is smooth and lets small negative values through.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    return np.maximum(x @ w1 + b1, 0.0) @ w2 + b2
