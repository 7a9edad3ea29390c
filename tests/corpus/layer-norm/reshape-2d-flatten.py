# Flattens all leading axes into one: x.reshape(-1, d) gives a 2-D (rows, d) matrix,
# normalises every row with axis=1 reductions, then reshapes back to x's original shape.
# A learner who thinks in matrices and doesn't trust axis=-1 with N-D arrays.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=np.float64)
    shape = x.shape
    rows = x.reshape(-1, shape[-1])
    mean = rows.mean(axis=1, keepdims=True)
    var = rows.var(axis=1, keepdims=True)
    out = (rows - mean) / np.sqrt(var + eps) * gamma + beta
    return out.reshape(shape)
