# wrong: preallocates the output with np.zeros(x.shape, dtype=int), so the assignment truncates every value.
# diagnosis: integer-dtype

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    out = np.zeros(x.shape, dtype=int)
    mean = x.mean(axis=-1, keepdims=True)
    std = np.sqrt(x.var(axis=-1, keepdims=True) + eps)
    out[...] = gamma * (x - mean) / std + beta
    return out
