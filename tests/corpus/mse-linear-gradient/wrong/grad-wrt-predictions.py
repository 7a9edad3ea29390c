# wrong: stops the chain rule at the predictions and returns dL/dy_hat = 2 r / n (one entry per example, not per weight).
# diagnosis: grad-wrt-predictions
# proposed: grad-wrt-predictions: 2r/n is the gradient with respect to the predictions; multiply by X^T to carry it back to the weights.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return np.mean(r**2), 2 * r / len(r)
