# Memory-conscious learner: one fresh array per quantity and in-place updates on it only
# (X @ w and X.T @ r are new arrays, so the inputs are never touched).
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w
    r -= y
    loss = np.vdot(r, r) / X.shape[0]
    grad = X.T @ r
    grad *= 2.0 / X.shape[0]
    return loss, grad
