# wrong: reshapes y to a column unconditionally, so with a 1-D w the (n,) predictions minus the (n, 1) targets broadcast into an (n, n) array.
# diagnosis: targets-forced-to-column, grad-flattened
# proposed: broadcast-n-by-n: Keep y and w the same kind (both 1-D or both columns); (n,) minus (n, 1) broadcasts to (n, n).
import numpy as np


def mse_loss_and_grad(X, y, w):
    y = y.reshape(-1, 1)
    r = X @ w - y
    return np.mean(r**2), 2 * X.T @ r.mean(axis=1) / X.shape[0]
