import numpy as np


def causal_mask(scores):
    # One (T, T) pattern broadcasts over every leading batch and head axis.
    t = scores.shape[-1]
    future = np.triu(np.ones((t, t), dtype=bool), k=1)  # key j > query i
    return np.where(future, -np.inf, scores)
