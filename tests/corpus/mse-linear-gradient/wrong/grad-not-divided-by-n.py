# wrong: averages in the loss but forgets the 1/n in the gradient, returning the gradient of the summed squared error.
# diagnosis: grad-of-sum
# proposed: grad-missing-mean: The 1/n of the mean carries through to the gradient: (2/n) X^T r, not 2 X^T r.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.mean(r**2), 2 * X.T @ r
