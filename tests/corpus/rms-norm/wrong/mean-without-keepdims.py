# wrong: Drops keepdims, so the (N,) mean square broadcasts against the last axis instead of each row (or fails).
# diagnosis: missing-keepdims
# proposed: missing-keepdims: keep the reduced axis (keepdims=True) so each row is divided by its own RMS.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt(np.mean(x**2, axis=-1) + eps)
    return x / rms * gamma
