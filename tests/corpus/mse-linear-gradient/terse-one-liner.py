# Competitive-programming style: the residual bound with a walrus inside the returned tuple.
import numpy as np


def mse_loss_and_grad(X, y, w):
    return ((r := X @ w - y) ** 2).mean(), 2 * X.T @ r / len(X)
