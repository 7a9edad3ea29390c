# wrong: goes one step further than asked and returns softmax of the masked scores (the attention weights).
# diagnosis: applies-softmax
# proposed: applies-softmax: return the masked scores themselves; the softmax comes after, elsewhere.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    masked = np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, scores)
    e = np.exp(masked - masked.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
