# wrong: Uses the "quick GELU" z * sigmoid(1.702 z) from CLIP code instead of the tanh form.
# diagnosis: sigmoid-approximation
# proposed: quick-gelu: 1.702-sigmoid GELU is a different approximation; use 0.5 z (1 + tanh(sqrt(2/pi)(z + 0.044715 z^3))).

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return (z / (1.0 + np.exp(-1.702 * z))) @ w2 + b2
