# Builds the mask by broadcasting index vectors: j > i, with i down the rows and j across the columns.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    i = np.arange(T)[:, None]
    j = np.arange(T)[None, :]
    return np.where(j > i, -np.inf, scores)
