# Learner who writes the loss exactly as the statement's second form, ||Xw - y||^2 / n, with
# np.linalg.norm (Frobenius for a column, so both shapes work).
import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    n = len(X)
    loss = np.linalg.norm(residual) ** 2 / n
    grad = 2 * X.T @ residual / n
    return loss, grad
