# Caches the (T, T) mask per size with functools.lru_cache, as one would for a buffer reused every step;
# the cached array is never written to, only read by np.where.
from functools import lru_cache

import numpy as np


@lru_cache(maxsize=16)
def _future_mask(size):
    return np.triu(np.ones((size, size), dtype=bool), k=1)


def causal_mask(scores):
    return np.where(_future_mask(scores.shape[-1]), -np.inf, scores)
