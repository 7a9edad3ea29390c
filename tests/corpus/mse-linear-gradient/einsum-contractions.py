# einsum lover: the prediction, the squared norm and X^T r all as einsum contractions; the
# ellipsis lets the same strings serve 1-D and column vectors.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    r = np.einsum("nd,d...->n...", X, w) - y
    flat = r.reshape(-1)
    loss = np.einsum("i,i->", flat, flat) / n
    grad = 2.0 * np.einsum("nd,n...->d...", X, r) / n
    return loss, grad
