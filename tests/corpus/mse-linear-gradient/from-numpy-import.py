# Learner who imports just the functions they use from NumPy and calls them bare.
from numpy import dot, mean, square, transpose


def mse_loss_and_grad(X, y, w):
    error = dot(X, w) - y
    loss = mean(square(error))
    grad = 2 * dot(transpose(X), error) / len(X)
    return loss, grad
