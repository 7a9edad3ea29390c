import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = (X @ w - y).reshape(-1, 1)
    loss = float(np.mean(residual**2))
    # Mean of the per-example gradients 2 * r_i * x_i ... over every entry.
    grad = np.mean(2.0 * X * residual)
    return loss, grad
