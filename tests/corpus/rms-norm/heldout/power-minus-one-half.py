# wrong: writes the inverse root as (ms + eps) ** -1/2, which Python reads as ((ms + eps) ** -1) / 2.
# diagnosis: power-precedence

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ms = np.mean(x ** 2, axis=-1, keepdims=True)
    inv_rms = (ms + eps) ** -1/2
    return x * inv_rms * gamma
