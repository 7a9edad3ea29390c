import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.mean(residual**2))
    grad = (2.0 / n) * (X @ residual)
    return loss, grad
