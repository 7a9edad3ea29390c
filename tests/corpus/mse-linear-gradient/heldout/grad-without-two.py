# wrong: differentiates r^2 as r, leaving out the factor 2 of the power rule.
# diagnosis: grad-missing-factor-2

import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.mean(residual ** 2))
    grad = X.T @ residual / n
    return loss, grad
