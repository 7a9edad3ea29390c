# wrong: divides by d = X.shape[1] (the number of weights) instead of n, mixing up which axis the mean is over.
# diagnosis: divides-by-features
# proposed: mean-over-features: n is the number of rows of X (examples); d = X.shape[1] counts weights, not what the mean is over.
import numpy as np


def mse_loss_and_grad(X, y, w):
    d = X.shape[1]
    r = X @ w - y
    return np.sum(r**2) / d, 2 * X.T @ r / d
