# wrong: Thinks like a language-model generator and returns only the last query's output row, shape (d_v,).
# diagnosis: missing-leading-axis

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    out = weights @ V
    return out[-1]
