# wrong: Wraps math.exp in np.vectorize because np.exp "overflowed" once, so every exponential is a Python call.
# diagnosis: loop-vectorize

import math
import numpy as np

_exp = np.vectorize(lambda x: math.exp(x) if x != -math.inf else 0.0, otypes=[float])


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / math.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    e = _exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) @ V
