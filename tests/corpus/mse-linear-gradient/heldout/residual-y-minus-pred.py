# wrong: writes the error as y - X @ w (the textbook "target minus prediction") and keeps the + sign in the gradient.
# diagnosis: residual-sign-flipped

import numpy as np


def mse_loss_and_grad(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, np.ndarray]:
    n = len(y)
    err = y - X @ w
    loss = float((err ** 2).sum() / n)
    grad = 2.0 / n * X.T.dot(err)
    return loss, grad
