# wrong: takes the loss as np.var(residual), which subtracts the mean residual, so it is not the MSE unless the residuals average to 0.
# diagnosis: none
# proposed: loss-is-residual-variance: np.var centres the residuals first; the MSE is the mean of the squared residuals themselves.

import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    residual = X @ w - y
    loss = float(np.var(residual))
    grad = 2.0 / n * X.T @ residual
    return loss, grad
