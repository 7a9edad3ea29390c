# wrong: rounds the gradient to 4 decimals "so it prints nicely"; the loss is left exact.
# diagnosis: low-precision
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.mean(residual**2))
    grad = np.round(2.0 / n * (X.T @ residual), 4)
    return loss, grad
