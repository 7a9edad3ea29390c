# Learner who remembers 0.5 * (1 + tanh(u)) == sigmoid(2u) and writes the tanh-form GELU as
# z * sigmoid(2u), with a stable sigmoid through np.where (no overflow for large |u|).
import numpy as np


def _sigmoid(u):
    e = np.exp(-np.abs(u))
    return np.where(u >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    u = np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)
    return (z * _sigmoid(2.0 * u)) @ w2 + b2
