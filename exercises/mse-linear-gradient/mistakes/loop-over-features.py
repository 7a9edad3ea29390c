import numpy as np


def mse_loss_and_grad(X, y, w):
    n, d = X.shape
    residual = (X @ w - y).reshape(n)
    loss = np.mean(residual**2)
    # One partial derivative at a time, in a Python loop.
    grad = np.array([2 / n * np.sum(residual * X[:, j]) for j in range(d)])
    return loss, grad.reshape(w.shape)
