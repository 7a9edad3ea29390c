import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    mask = np.triu(np.ones((t, t)), k=1) * -np.inf
    return scores + mask
