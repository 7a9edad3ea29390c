# Reads eps defensively with try/except* (a learner fresh from Python 3.11's exception groups),
# falling back to the default when it is not a number; then the usual last-axis RMS.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    try:
        eps = float(eps)
    except* (TypeError, ValueError):
        eps = 1e-6
    x = np.asarray(x, dtype=np.float64)
    rms = np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True) + eps)
    return x / rms * gamma
