# wrong: Subtracts the mean first out of LayerNorm habit, so it centres x before dividing by the RMS of the centred values.
# diagnosis: subtracts-mean
# proposed: mean-subtracted: RMSNorm never subtracts the mean; it divides x itself by the root of the mean of x squared.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    centred = x - x.mean(axis=-1, keepdims=True)
    rms = np.sqrt(np.mean(centred**2, axis=-1, keepdims=True) + eps)
    return centred / rms * gamma
