# Learner fresh from Python 3.10's pattern matching: a `match` on the shapes tells the 1-D
# weights from the column-vector case the statement allows, and names n and d on the way.
import numpy as np


def mse_loss_and_grad(X, y, w):
    match X.shape, w.shape:
        case (n, d), (d_w,) if d == d_w:
            residual = X @ w - y
        case (n, d), (d_w, 1) if d == d_w:
            residual = X @ w - y.reshape(n, 1)
        case shapes:
            raise ValueError(f"X and w do not fit together: shapes {shapes}")
    return float(np.mean(residual**2)), 2.0 / n * (X.T @ residual)
