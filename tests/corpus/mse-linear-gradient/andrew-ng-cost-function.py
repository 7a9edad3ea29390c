# Coursera machine-learning style: hypothesis h = X theta, cost J = (1/m) * sum((h - y)^2)
# (without the 1/2 this exercise leaves out) and gradient (2/m) * X' * (h - y).
import numpy as np


def mse_loss_and_grad(X, y, w):
    theta = w
    m = len(y)
    h = np.dot(X, theta)
    J = (1 / m) * np.sum((h - y) ** 2)
    gradient = (2 / m) * np.dot(X.T, h - y)
    return J, gradient
