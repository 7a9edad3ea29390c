# wrong: gets the standard deviation from np.linalg.norm without an axis, so it is the norm of the whole centred array.
# diagnosis: norm-without-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    centred = x - x.mean(axis=-1, keepdims=True)
    std = np.linalg.norm(centred) / np.sqrt(d)
    return centred / np.sqrt(std ** 2 + eps) * gamma + beta
