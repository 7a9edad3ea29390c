# wrong: takes the mean and variance over axis 0, i.e. across the batch, as a learner who just implemented batch norm would.
# diagnosis: wrong-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=float)
    mean = np.mean(x, axis=0, keepdims=True)
    var = np.var(x, axis=0, keepdims=True)
    x_hat = (x - mean) / np.sqrt(var + eps)
    return gamma * x_hat + beta
