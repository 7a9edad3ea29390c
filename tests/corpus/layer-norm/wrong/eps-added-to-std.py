# wrong: divides by np.std(...) + eps, adding eps to the standard deviation instead of the variance.
# diagnosis: eps-outside-sqrt

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    std = np.std(x, axis=-1, keepdims=True)
    normalized = (x - mean) / (std + eps)
    return normalized * gamma + beta
