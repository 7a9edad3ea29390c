# The standard recipe: a boolean upper triangle strictly above the diagonal (k=1) marks the future keys;
# copy the scores and write -inf there. `[..., mask]` reaches through any batch/head axes.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    future = np.triu(np.ones((T, T), dtype=bool), k=1)
    out = scores.copy()
    out[..., future] = -np.inf
    return out
