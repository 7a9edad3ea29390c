# Learner who thinks in 2-D matrices: flattens the leading axes to rows, runs the MLP on the
# (rows, d_model) matrix, and restores x's leading shape at the end.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    leading = x.shape[:-1]
    rows = x.reshape(-1, x.shape[-1])
    z = rows.dot(w1) + b1
    a = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * np.power(z, 3))))
    y = a.dot(w2) + b2
    return y.reshape(*leading, w2.shape[1])
