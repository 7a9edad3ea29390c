# np.putmask needs a mask of the array's own shape, so the (T, T) mask is broadcast to scores.shape first;
# it writes into a copy, never into the caller's scores.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    out = np.array(scores, copy=True)
    mask = np.broadcast_to(np.triu(np.ones((T, T), dtype=bool), 1), out.shape)
    np.putmask(out, mask, -np.inf)
    return out
