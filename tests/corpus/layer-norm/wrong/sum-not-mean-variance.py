# wrong: reads the sigma^2 formula as a plain sum of squared deviations and forgets the 1/d.
# diagnosis: variance-not-divided-by-d

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma2 = np.sum((x - mu) ** 2, axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma2 + eps)
    return gamma * x_hat + beta
