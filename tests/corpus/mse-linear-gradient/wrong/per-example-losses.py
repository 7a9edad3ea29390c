# wrong: returns the vector of squared residuals (one loss per example) instead of their mean.
# diagnosis: loss-not-reduced
# proposed: loss-not-reduced: The loss is one number: the mean of the squared residuals, not the array of them.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return r**2, 2 * X.T @ r / len(y)
