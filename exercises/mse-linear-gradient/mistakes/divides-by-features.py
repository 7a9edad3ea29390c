import numpy as np


def mse_loss_and_grad(X, y, w):
    d = len(w)  # the number of weights, not the number of examples
    residual = X @ w - y
    loss = np.sum(residual**2) / d
    grad = 2 * X.T @ residual / d
    return loss, grad
