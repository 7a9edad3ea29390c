# wrong: computes the gradient as r.T @ X, which is right for 1-D vectors but gives a (1, d) row when w is a (d, 1) column.
# diagnosis: grad-transposed
# proposed: grad-not-shaped-like-w: For column vectors r.T @ X is a (1, d) row; X.T @ r gives (d, 1), shaped like w.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.mean(r**2), 2 * (r.T @ X) / X.shape[0]
