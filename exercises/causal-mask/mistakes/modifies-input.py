import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    future = np.triu(np.ones((t, t), dtype=bool), k=1)
    scores[..., future] = -np.inf
    return scores
