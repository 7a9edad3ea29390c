# wrong: writes -inf straight into the caller's scores with triu_indices and returns that same array.
# diagnosis: modifies-input

import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    rows, cols = np.triu_indices(T, k=1)
    scores[..., rows, cols] = -np.inf
    return scores
