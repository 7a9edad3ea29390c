# Learner who thinks in matrices: flattens all leading axes into rows with reshape(-1, d), computes
# the row-wise RMS via a matrix-vector product with a ones vector, and reshapes back to x's shape.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    shape = x.shape
    rows = x.reshape(-1, shape[-1])
    mean_square = (rows**2) @ np.ones(shape[-1]) / shape[-1]
    normed = rows / np.sqrt(mean_square + eps)[:, np.newaxis]
    return (normed * gamma).reshape(shape)
