# Maths-minded learner who notices 0.5 * (1 + tanh(a)) == sigmoid(2a) and writes the tanh GELU as
# z * sigmoid(2a), with a numerically safe sigmoid via np.exp(-|t|).
import numpy as np


def _sigmoid(t):
    e = np.exp(-np.abs(t))
    return np.where(t >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    h = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = h @ w1 + b1
    a = np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)
    return x + (z * _sigmoid(2.0 * a)) @ w2 + b2
