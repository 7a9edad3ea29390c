# The "additive mask" view from the Transformer paper: add 0 where allowed and -inf in the future.
# np.triu of a full -inf matrix with k=1 gives exactly that (it writes 0 below the diagonal).
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    additive = np.triu(np.full((T, T), -np.inf), k=1)
    return scores + additive
