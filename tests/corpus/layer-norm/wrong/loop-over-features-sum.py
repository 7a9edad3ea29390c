# wrong: vectorises over tokens but accumulates the mean and variance with a for loop over the d features (values right, but a loop).
# diagnosis: loop-for

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    total = np.zeros(x.shape[:-1] + (1,))
    for j in range(d):
        total += x[..., j:j + 1]
    mean = total / d
    sq = np.zeros_like(mean)
    for j in range(d):
        sq += (x[..., j:j + 1] - mean) ** 2
    var = sq / d
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
