# wrong: Uses SiLU/Swish z * sigmoid(z) (from a LLaMA FFN) thinking it is the same as GELU.
# diagnosis: silu-instead-of-gelu
# proposed: silu-not-gelu: SiLU is z * sigmoid(z); GELU's tanh form is 0.5 z (1 + tanh(sqrt(2/pi)(z + 0.044715 z^3))).

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return (z / (1.0 + np.exp(-z))) @ w2 + b2
