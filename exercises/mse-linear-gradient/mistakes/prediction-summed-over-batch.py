import numpy as np


def mse_loss_and_grad(X, y, w):
    prediction = (X * w.reshape(-1)).sum()  # multiply features by weights and add up
    residual = prediction - y
    loss = float(np.mean(residual**2))
    grad = 2.0 * np.mean(residual) * X.sum(axis=0).reshape(w.shape)
    return loss, grad
