# wrong: builds the residual in place on y (r = y; r -= X @ w), so the caller's targets are overwritten with residuals.
# diagnosis: residual-built-in-y, input-modified
# proposed: modifies-input: `r = y` is not a copy; r -= ... writes into the caller's y. Compute X @ w - y into a new array.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = y
    r -= X @ w
    return np.mean(r**2), -2 * X.T @ r / X.shape[0]
