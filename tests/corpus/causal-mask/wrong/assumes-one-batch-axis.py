# wrong: written for exactly one leading batch axis: `out[:, future] = -inf` masks axes 1 and 2, which is wrong for (T, T) and for (batch, heads, T, T).
# diagnosis: indexes-leading-axes, one-batch-axis-assumed
# proposed: masks-wrong-axes: use out[..., future] so the mask always lands on the last two axes, whatever the leading axes.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    future = np.triu(np.ones((T, T), dtype=bool), k=1)
    out = scores.copy()
    out[:, future] = -np.inf
    return out
