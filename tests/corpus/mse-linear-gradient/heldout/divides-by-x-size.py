# wrong: divides the gradient by X.size (n * d entries) instead of n, the number of examples.
# diagnosis: none
# proposed: divides-by-all-entries: The mean is over the n examples only, so the gradient carries 2/n, not 2/(n*d).

import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    loss = np.mean(residual ** 2)
    grad = 2 * (X.T @ residual) / X.size
    return loss, grad
