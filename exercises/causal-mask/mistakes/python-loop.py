import numpy as np


def causal_mask(scores):
    out = scores.copy()
    t = scores.shape[-1]
    for i in range(t):
        out[..., i, i + 1 :] = -np.inf
    return out
