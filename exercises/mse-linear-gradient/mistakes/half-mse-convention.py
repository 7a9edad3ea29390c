import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    # The "1/2 makes the derivative nicer" convention from a textbook, not this loss.
    loss = 0.5 * np.mean(residual**2)
    grad = X.T @ residual / n
    return loss, grad
