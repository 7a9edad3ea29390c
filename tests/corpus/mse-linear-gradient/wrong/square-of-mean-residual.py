# wrong: squares the mean residual instead of averaging the squared residuals, so errors of opposite sign cancel.
# diagnosis: square-of-mean-differentiated, square-of-mean-residual
# proposed: square-of-mean: MSE is the mean of the squares, mean(r**2), not the square of the mean, mean(r)**2.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    m = np.mean(r)
    return m**2, 2 * m * X.sum(axis=0).reshape(w.shape) / n
