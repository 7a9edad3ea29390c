import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    mean_error = residual.mean()
    loss = mean_error**2
    # d/dw of (mean error)^2 = 2 * mean error * mean of the rows of X
    grad = 2 * mean_error * X.mean(axis=0).reshape(w.shape)
    return loss, grad
