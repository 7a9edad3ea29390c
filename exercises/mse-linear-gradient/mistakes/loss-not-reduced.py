import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = residual**2  # squared error of each example
    grad = (2.0 / n) * (X.T @ residual)
    return loss, grad
