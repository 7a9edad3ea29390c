# wrong: takes "mean" literally for the gradient too and averages the per-example gradients 2 r_i x_ij over everything, returning one number.
# diagnosis: grad-collapsed-to-scalar
# proposed: grad-collapsed-to-scalar: Average over examples only (axis 0): the gradient has one entry per weight, shaped like w.
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = (X @ w - y).reshape(-1, 1)
    return np.mean(r**2), np.mean(2 * r * X)
