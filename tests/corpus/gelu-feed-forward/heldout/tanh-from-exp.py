# wrong: writes tanh by hand as (e^{2a} - 1) / (e^{2a} + 1), which overflows to inf/inf = nan for large pre-activations.
# diagnosis: handwritten-tanh

import numpy as np


def _tanh(a):
    e2 = np.exp(2.0 * a)
    return (e2 - 1.0) / (e2 + 1.0)


def _gelu(z):
    c = np.sqrt(2.0 / np.pi)
    return 0.5 * z * (1.0 + _tanh(c * (z + 0.044715 * z * z * z)))


def feed_forward(x, w1, b1, w2, b2):
    return _gelu(x @ w1 + b1) @ w2 + b2
