# wrong: reshapes gamma and beta to columns "so they broadcast", which lines them up with the rows instead of the features.
# diagnosis: none
# proposed: gain-broadcast-over-rows: gamma and beta have one entry per feature and must broadcast along the last axis, not be turned into columns.

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    x_hat = (x - mean) / np.sqrt(var + eps)
    return x_hat * gamma[:, None] + beta[:, None]
