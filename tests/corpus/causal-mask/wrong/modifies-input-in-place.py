# wrong: writes -inf straight into the caller's scores (no copy) and returns that same array: right values, input destroyed.
# diagnosis: modifies-input, input-modified
# proposed: input-modified: copy the scores first (scores.copy() or np.where); the caller's array must not change.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    scores[..., np.triu(np.ones((T, T), dtype=bool), k=1)] = -np.inf
    return scores
