import numpy as np


def causal_mask(scores):
    # scores is (batch, T, T): skip the batch axis, mask the two others
    out = scores.copy()
    rows, cols = np.triu_indices(scores.shape[-1], k=1)
    out[:, rows, cols] = -np.inf
    return out
