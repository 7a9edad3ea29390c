import numpy as np


def mse_loss_and_grad(X, y, w):
    """Mean squared error of y_hat = X @ w and its gradient with respect to w."""
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.mean(residual**2))
    grad = (2.0 / n) * (X.T @ residual)
    return loss, grad
