import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    # The loss adds up the squared errors; only the gradient is divided by n.
    loss = float(np.sum(residual**2))
    grad = (2.0 / n) * (X.T @ residual)
    return loss, grad
