# Learner who expanded the gradient into normal-equation form 2/n (X^T X w - X^T y), so that
# setting it to zero visibly gives X^T X w = X^T y.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    gram = X.T @ X
    xty = X.T @ y
    grad = 2.0 / n * (gram @ w - xty)
    r = X @ w - y
    return np.mean(r**2), grad
