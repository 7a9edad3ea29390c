# A performance-minded learner who caches the causal mask per sequence
# length with functools.lru_cache (attention is called again and again with
# the same length). The cached array is made read-only so nobody can
# corrupt the cache by writing into it.
from functools import lru_cache

import numpy as np


@lru_cache(maxsize=32)
def _future_mask(n_q: int, n_k: int) -> np.ndarray:
    mask = np.triu(np.ones((n_q, n_k), dtype=bool), k=1)
    mask.setflags(write=False)
    return mask


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores = np.where(_future_mask(*scores.shape), -np.inf, scores)
    scores = scores - np.max(scores, axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / np.sum(weights, axis=1, keepdims=True)
    return weights @ V
