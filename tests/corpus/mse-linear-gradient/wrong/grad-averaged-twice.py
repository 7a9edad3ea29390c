# wrong: divides by n in dL/dy_hat and again after multiplying by X^T, averaging twice.
# diagnosis: grad-divided-by-n-twice
# proposed: grad-divided-by-n-twice: The 1/n appears once: either in dL/dy_hat = 2r/n or after X^T r, not both.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = X @ w - y
    dpred = 2 * r / n
    return np.mean(r**2), (X.T @ dpred) / n
