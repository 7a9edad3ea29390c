import numpy as np


def causal_mask(scores):
    out = scores.copy()
    t = scores.shape[-1]
    out[np.triu_indices(t, k=1)] = -np.inf
    return out
