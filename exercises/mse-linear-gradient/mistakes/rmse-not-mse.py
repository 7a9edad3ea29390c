import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    # Root of the mean square: the error in the units of y.
    loss = float(np.sqrt(np.mean(residual**2)))
    grad = (X.T @ residual) / (n * loss)
    return loss, grad
