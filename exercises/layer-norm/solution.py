import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Reference: normalise over the last axis (biased variance, eps inside the sqrt)."""
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=-1, keepdims=True)                  # (..., 1)
    centred = x - mean
    var = (centred**2).mean(axis=-1, keepdims=True)        # biased: divide by d
    return centred / np.sqrt(var + eps) * gamma + beta     # gamma, beta: (d,), broadcast
