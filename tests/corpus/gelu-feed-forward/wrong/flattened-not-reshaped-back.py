# wrong: Flattens the leading axes to 2-D rows for the matrix products and returns the (rows, d_model) matrix without restoring x's shape.
# diagnosis: shape-not-restored
# proposed: shape-not-restored: the output has the shape of x; reshape the rows back to x.shape[:-1] + (d_model,).

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    rows = x.reshape(-1, x.shape[-1])
    z = rows @ w1 + b1
    a = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return a @ w2 + b2
