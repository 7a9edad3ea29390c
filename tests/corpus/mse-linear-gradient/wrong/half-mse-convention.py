# wrong: uses the 1/(2n) convention for the loss (so the 2 cancels in the gradient): consistent, but both are half the asked values.
# diagnosis: half-mse-convention
# proposed: half-mse-convention: This exercise's loss is the plain mean, with no 1/2 in front; the loss is mean(r^2) and the gradient (2/n) X^T r.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    return np.mean(r**2) / 2, X.T @ r / n
