# Functional learner: fixes the data with functools.partial so the loss and gradient are
# functions of w alone, the way an optimiser would call them.
from functools import partial

import numpy as np


def mse(w, X, y):
    return np.mean((X @ w - y) ** 2)


def mse_grad(w, X, y):
    return 2.0 / X.shape[0] * X.T @ (X @ w - y)


def mse_loss_and_grad(X, y, w):
    loss_of_w = partial(mse, X=X, y=y)
    grad_of_w = partial(mse_grad, X=X, y=y)
    return loss_of_w(w), grad_of_w(w)
