# wrong: averages the per-example gradients 2 * r_i * x_i over the wrong axis (the features, axis=1), so the "gradient" has one entry per example, shaped like y.
# diagnosis: none
# proposed: gradient-mean-over-wrong-axis: the per-example gradients are averaged over the examples (axis 0), giving one entry per weight.
import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    loss = float(np.mean(residual**2))
    per_example = 2.0 * X * residual.reshape(-1, 1)  # (n, d): 2 r_i x_i
    grad = per_example.mean(axis=1).reshape(y.shape)
    return loss, grad
