# wrong: Multiplies by sqrt(mean(x**2) + eps) instead of dividing (forgot the reciprocal of a translated rsqrt).
# diagnosis: multiplies-by-rms
# proposed: multiplied-by-rms: divide by the RMS (or multiply by 1/sqrt(...)); multiplying by it inflates x.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x * np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps) * gamma
