# wrong: computes the residual with np.subtract(..., out=y) to save memory, which overwrites the caller's targets.
# diagnosis: residual-built-in-y

import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    pred = X @ w
    residual = np.subtract(pred, y, out=y)   # reuse y's buffer
    loss = float(np.mean(residual ** 2))
    grad = (2.0 / n) * (X.T @ residual)
    return loss, grad
