# wrong: np.triu with the default k=0 also marks the diagonal as future, so every query is blocked from its own key.
# diagnosis: masks-the-diagonal
# proposed: causal-mask-excludes-diagonal: a query may attend to itself; mask only j > i (np.triu(..., k=1)).
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    future = np.triu(np.ones((T, T), dtype=bool))
    return np.where(future, -np.inf, scores)
