# wrong: reduces with axis=-1 but without keepdims, so x - mean broadcasts against the wrong axis (or fails) for batched input.
# diagnosis: missing-keepdims

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1)
    var = np.var(x, axis=-1)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
