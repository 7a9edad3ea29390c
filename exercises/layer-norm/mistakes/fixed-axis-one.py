import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=1, keepdims=True)            # the feature axis of a (seq_len, d) table
    var = x.var(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
