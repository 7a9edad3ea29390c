# wrong: builds the future pattern with np.triu(..., k=0), so each query's own key is masked too.
# diagnosis: masks-the-diagonal

import numpy as np


def causal_mask(scores: np.ndarray) -> np.ndarray:
    t = scores.shape[-1]
    future = np.triu(np.ones((t, t), dtype=bool))  # upper triangle = future
    return np.where(future, -np.inf, scores)
