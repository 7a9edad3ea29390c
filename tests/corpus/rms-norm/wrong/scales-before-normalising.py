# wrong: Multiplies by gamma first and then normalises the scaled vector, so gamma's effect is divided out again.
# diagnosis: gamma-before-normalising
# proposed: scale-before-normalising: compute the RMS of x itself and multiply by gamma after dividing.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    scaled = x * gamma
    return scaled / np.sqrt(np.mean(scaled**2, axis=-1, keepdims=True) + eps)
