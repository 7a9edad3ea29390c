# wrong: writes X @ r instead of X.T @ r for the gradient (fails on shapes unless X is square, and is wrong even then).
# diagnosis: grad-missing-transpose
# proposed: grad-missing-transpose: The gradient sums x_i * r_i over examples, which is X.T @ r (shape (d,)), not X @ r.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.mean(r**2), 2 * X @ r / X.shape[0]
