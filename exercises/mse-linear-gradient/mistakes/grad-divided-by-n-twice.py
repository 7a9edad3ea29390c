import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.mean(residual**2))
    d_pred = (2.0 / n) * residual  # already holds the 1/n of the mean
    grad = X.T @ d_pred / n
    return loss, grad
