import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    allowed = np.tril(np.ones((t, t), dtype=bool), k=1)
    return np.where(allowed, scores, -np.inf)
