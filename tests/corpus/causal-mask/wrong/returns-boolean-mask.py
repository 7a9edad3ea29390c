# wrong: returns the boolean "future" mask itself (broadcast to the scores' shape) instead of the masked scores.
# diagnosis: returns-mask
# proposed: returns-mask: return the scores with -inf in the future, not the mask.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.broadcast_to(np.triu(np.ones((T, T), dtype=bool), k=1), scores.shape).copy()
