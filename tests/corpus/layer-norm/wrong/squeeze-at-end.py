# wrong: calls np.squeeze on the result "to clean up the keepdims axes", dropping leading axes of length 1 too.
# diagnosis: missing-leading-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    y = gamma * (x - mean) / np.sqrt(var + eps) + beta
    return np.squeeze(y)
