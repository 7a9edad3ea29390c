# wrong: uses Python's built-in sum over the feature axis moved to the front (values right, but sum() iterates in Python).
# diagnosis: loop-map

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    feats = np.moveaxis(x, -1, 0)              # (d, ...)
    mean = (sum(feats) / d)[..., None]
    var = (sum(np.moveaxis((x - mean) ** 2, -1, 0)) / d)[..., None]
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
