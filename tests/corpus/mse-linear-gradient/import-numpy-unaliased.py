# Learner who never picked up the `np` alias and writes `numpy.` in full.
import numpy


def mse_loss_and_grad(X, y, w):
    residual = numpy.matmul(X, w) - y
    loss = numpy.mean(residual**2)
    grad = 2 * numpy.matmul(X.T, residual) / X.shape[0]
    return loss, grad
