# Promotes a single vector to a (1, d) batch with np.atleast_2d so that the code only has
# to think about "rows", then restores the caller's shape with reshape(np.shape(x)).
# Inputs that are already 2-D or more pass through np.atleast_2d unchanged.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    original_shape = np.shape(x)
    x2 = np.atleast_2d(x)
    mean = x2.mean(axis=-1, keepdims=True)
    var = x2.var(axis=-1, keepdims=True)
    y = (x2 - mean) / np.sqrt(var + eps) * gamma + beta
    return y.reshape(original_shape)
