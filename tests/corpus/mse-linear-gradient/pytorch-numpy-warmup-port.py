# Port of the "Learning PyTorch with Examples" NumPy warm-up: forward pass, loss, then the
# manual backward pass grad_y_pred = 2 (y_pred - y) / n, grad_w = X.T.dot(grad_y_pred).
import numpy as np


def mse_loss_and_grad(X, y, w):
    # Forward pass: compute predicted y
    y_pred = X.dot(w)

    # Compute and print loss
    loss = np.square(y_pred - y).mean()

    # Backprop to compute gradients of w with respect to loss
    grad_y_pred = 2.0 * (y_pred - y) / y.shape[0]
    grad_w = X.T.dot(grad_y_pred)
    return loss, grad_w
