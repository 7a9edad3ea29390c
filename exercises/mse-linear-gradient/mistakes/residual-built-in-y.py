import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = y  # not a copy: the next line writes into the caller's targets
    residual -= X @ w
    residual *= -1
    return float(np.mean(residual**2)), (2.0 / n) * (X.T @ residual)
