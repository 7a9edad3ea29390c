# Port of a TensorFlow linear-regression tutorial: tf.matmul / tf.reduce_mean renamed to
# NumPy, and the tape's gradient written out as matmul(X, dL/dpred, transpose_a=True).
import numpy as np


def reduce_mean(t):
    return np.mean(t)


def matmul(a, b, transpose_a=False):
    return (a.T if transpose_a else a) @ b


def mse_loss_and_grad(X, y, w):
    y_pred = matmul(X, w)
    loss = reduce_mean(np.square(y_pred - y))
    dloss_dpred = 2.0 * (y_pred - y) / np.size(y)
    grad = matmul(X, dloss_dpred, transpose_a=True)
    return loss, grad
