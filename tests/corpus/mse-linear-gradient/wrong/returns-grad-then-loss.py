# wrong: returns the tuple in the order (grad, loss), the way their own training loop unpacked it.
# diagnosis: tuple-order-swapped
# proposed: tuple-order-swapped: The statement asks for (loss, grad): the loss first, then the gradient.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return 2 * X.T @ r / len(y), np.mean(r**2)
