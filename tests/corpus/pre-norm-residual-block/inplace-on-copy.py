# Memory-minded learner: works in place with augmented assignment, but on a copy of x so the
# caller's array is untouched; the residual is added from the original x.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = x.copy()
    h -= h.mean(axis=-1, keepdims=True)
    h /= np.sqrt((h * h).mean(axis=-1, keepdims=True) + eps)
    h *= gamma
    h += beta
    z = h @ w1
    z += b1
    inner = z**3
    inner *= 0.044715
    inner += z
    inner *= np.sqrt(2.0 / np.pi)
    z *= 0.5 * (1.0 + np.tanh(inner))
    out = z @ w2
    out += b2
    out += x
    return out
