# Uses np.triu_indices(T, k=1) (the row/column indices strictly above the diagonal) to assign -inf
# into a copy, with ... so batch and head axes are covered.
import numpy as np


def causal_mask(scores):
    rows, cols = np.triu_indices(scores.shape[-1], k=1)
    masked = scores.copy()
    masked[..., rows, cols] = -np.inf
    return masked
