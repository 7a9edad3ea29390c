# wrong: writes the loss as r.T @ r / n, which is one number for 1-D vectors but a (1, 1) array for column vectors.
# diagnosis: loss-not-scalar
# proposed: loss-not-scalar: With column vectors r.T @ r is a (1, 1) matrix; the loss must be one number (np.mean(r**2) or .item()).
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    return r.T @ r / n, 2 * X.T @ r / n
