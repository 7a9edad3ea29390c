# wrong: Adds eps to the RMS after the square root, as in x / (rms + eps).
# diagnosis: eps-outside-sqrt
# proposed: eps-outside-sqrt: eps belongs inside the square root: sqrt(mean(x**2) + eps), not sqrt(mean(x**2)) + eps.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt(np.mean(x**2, axis=-1, keepdims=True))
    return x / (rms + eps) * gamma
