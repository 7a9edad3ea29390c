import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """Reference: x / sqrt(mean(x**2) + eps) * gamma over the last axis; no centring, no beta."""
    x = np.asarray(x, dtype=np.float64)
    mean_square = (x**2).mean(axis=-1, keepdims=True)     # (..., 1)
    return x / np.sqrt(mean_square + eps) * gamma          # gamma: (d,), broadcast
