import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = np.mean(residual**2)
    # Written as a row vector r^T X: fine for 1-D arrays, (1, d) for column vectors.
    grad = 2 / n * (residual.T @ X)
    return loss, grad
