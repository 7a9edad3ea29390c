import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    past = np.tril(np.ones((t, t), dtype=bool), k=-1)
    return np.where(past, -np.inf, scores)
