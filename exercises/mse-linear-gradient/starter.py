import numpy as np


def mse_loss_and_grad(X, y, w):
    """Return (loss, grad) for the linear model y_hat = X @ w.

    X: (n, d) inputs, one row per example.
    y: (n,) targets (or (n, 1), with w of shape (d, 1)).
    w: (d,) weights (or (d, 1)).

    loss: the mean squared error, one float.
    grad: the gradient of the loss with respect to w, shaped like w.
    """
    # Your code here
    pass
