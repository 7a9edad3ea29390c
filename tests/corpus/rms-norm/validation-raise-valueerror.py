# Defensive version: checks that x has a feature axis, that gamma is 1-D of length d and that eps is
# non-negative, raising ValueError with a clear message; then the textbook computation.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    x = np.asarray(x, dtype=float)
    gamma = np.asarray(gamma, dtype=float)
    if x.ndim == 0:
        raise ValueError("x must have at least one axis (the features)")
    d = x.shape[-1]
    if gamma.shape != (d,):
        raise ValueError(f"gamma must have shape ({d},), got {gamma.shape}")
    if eps < 0:
        raise ValueError("eps must not be negative")
    rms = np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)
    return x / rms * gamma
