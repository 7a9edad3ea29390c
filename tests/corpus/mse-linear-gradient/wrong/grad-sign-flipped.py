# wrong: takes the residual as target minus prediction (y - Xw) and keeps the same gradient formula, so the gradient points uphill.
# diagnosis: residual-sign-flipped
# proposed: residual-sign-flipped: With r = y - Xw the gradient is -(2/n) X^T r; use r = Xw - y (prediction minus target) so it is +(2/n) X^T r.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = y - X @ w
    return np.mean(r**2), 2.0 / len(y) * X.T @ r
