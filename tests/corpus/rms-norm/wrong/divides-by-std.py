# wrong: Divides the raw x by np.std (which subtracts the mean inside) thinking std is "the RMS".
# diagnosis: std-instead-of-rms
# proposed: std-instead-of-rms: np.std measures spread around the mean; RMSNorm needs sqrt(mean(x**2)), with no mean removed.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.var(x, axis=-1, keepdims=True) + eps) * gamma
