# wrong: returns the sum of squared errors as the loss (np.sum instead of np.mean) while the gradient is averaged.
# diagnosis: loss-summed
# proposed: loss-summed: The loss is the mean over the n examples: divide the sum of squared residuals by n.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.sum(r**2), 2 * X.T @ r / len(y)
