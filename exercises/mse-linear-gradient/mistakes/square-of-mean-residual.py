import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    # The mean is taken before squaring: (mean error)^2, not the mean of the squared errors.
    loss = np.mean(residual) ** 2
    grad = (2.0 / n) * (X.T @ residual)
    return loss, grad
