# wrong: remembers the gradient as X^T r / n from a course that used the 1/2 convention, but keeps this exercise's plain mean in the loss.
# diagnosis: grad-missing-factor-2
# proposed: grad-missing-two: The derivative of r^2 is 2r; without a 1/2 in the loss the gradient is (2/n) X^T r, not X^T r / n.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.mean(r**2), X.T @ r / X.shape[0]
