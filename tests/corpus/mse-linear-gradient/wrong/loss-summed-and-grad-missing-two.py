# wrong: two slips: the loss adds up the squared errors instead of averaging them, and the gradient drops the 2 of the power rule.
# diagnosis: loss-summed, grad-missing-factor-2
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.sum(residual**2))
    grad = X.T @ residual / n
    return loss, grad
