import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    keep = np.tril(np.ones((t, t)))  # 1 where key j <= query i, 0 in the future
    return scores * keep + np.where(keep == 1, 0.0, -np.inf)
