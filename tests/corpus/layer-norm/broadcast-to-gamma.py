# Explicitly broadcasts gamma and beta to the full shape of x with np.broadcast_to, and the
# statistics with np.broadcast_to too, for a learner who likes seeing all shapes match
# before the element-wise arithmetic. broadcast_to returns read-only views, which is fine.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.broadcast_to(np.mean(x, axis=-1, keepdims=True), x.shape)
    std = np.broadcast_to(np.sqrt(np.var(x, axis=-1, keepdims=True) + eps), x.shape)
    g = np.broadcast_to(gamma, x.shape)
    b = np.broadcast_to(beta, x.shape)
    return g * (x - mean) / std + b
