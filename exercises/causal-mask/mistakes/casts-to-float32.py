import numpy as np


def causal_mask(scores):
    scores = scores.astype(np.float32)  # attention runs in float32
    t = scores.shape[-1]
    return np.where(np.triu(np.ones((t, t), dtype=bool), k=1), -np.inf, scores)
