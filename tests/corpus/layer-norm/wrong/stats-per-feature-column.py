# wrong: reads "one pair of numbers per feature" as "one mean and variance per feature column" and reduces over axis 0.
# diagnosis: wrong-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    # each feature (column) gets its own statistics, like gamma and beta
    mu = x.mean(axis=0)
    sigma2 = ((x - mu) ** 2).mean(axis=0)
    return gamma * (x - mu) / np.sqrt(sigma2 + eps) + beta
