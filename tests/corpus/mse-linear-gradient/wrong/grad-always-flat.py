# wrong: flattens everything to 1-D "to be safe" and returns a (d,) gradient even when w is a (d, 1) column.
# diagnosis: grad-flattened
# proposed: grad-flattened: Return the gradient shaped like w: reshape to w.shape (or keep the column) instead of always flattening.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w.ravel() - y.ravel()
    return np.mean(r**2), 2 * X.T @ r / len(r)
