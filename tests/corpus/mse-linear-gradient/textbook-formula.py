# Textbook learner: writes r = Xw - y, L = (1/n)||r||^2 and the derived gradient
# (2/n) X^T r straight from the lecture notes.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    loss = np.mean(r**2)
    grad = (2.0 / n) * X.T @ r
    return loss, grad
