# Makes the mask the full shape of scores with np.broadcast_to before indexing, to be sure it lines up
# with every batch and head (boolean indexing of a copy, then assignment).
import numpy as np


def causal_mask(scores):
    *_, q, k = scores.shape
    future = np.broadcast_to(np.arange(k)[None, :] > np.arange(q)[:, None], scores.shape)
    out = scores.astype(np.float64, copy=True)
    out[future] = -np.inf
    return out
