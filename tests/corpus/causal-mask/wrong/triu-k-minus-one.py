# wrong: off by one in the other direction: np.triu(..., k=-1) marks the diagonal and the first sub-diagonal too.
# diagnosis: mask-offset
# proposed: causal-mask-offset: only the entries strictly above the diagonal (k=1) are the future.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.where(np.triu(np.ones((T, T), dtype=bool), k=-1), -np.inf, scores)
