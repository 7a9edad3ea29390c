# wrong: returns the root mean squared error (and its gradient) instead of the mean squared error.
# diagnosis: rmse-not-mse
# proposed: rmse-not-mse: The loss is the mean squared error itself; do not take the square root (that is RMSE).
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    rmse = np.sqrt(np.mean(r**2))
    return rmse, X.T @ r / (n * rmse)
