import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = y - X @ w  # the loss does not care about the sign; the gradient does
    loss = np.mean(residual**2)
    grad = 2 / n * X.T @ residual
    return loss, grad
