# np.where with the lower triangle (diagonal included) as "allowed": keep the score there, -inf elsewhere.
# np.where returns a new array, so the input is left alone.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    allowed = np.tril(np.ones((T, T), dtype=bool))
    return np.where(allowed, scores, -np.inf)
