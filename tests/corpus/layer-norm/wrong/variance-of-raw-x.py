# wrong: centres the numerator but computes the "variance" as the mean of x**2 instead of the mean of (x - mu)**2.
# diagnosis: uncentred-variance

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma2 = np.mean(x ** 2, axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma2 + eps)
    return gamma * x_hat + beta
