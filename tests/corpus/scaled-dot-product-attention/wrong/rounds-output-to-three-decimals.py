# wrong: Rounds the output to three decimals "to keep it tidy", as in the rounded examples of the statement.
# diagnosis: low-precision

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return np.round(weights @ V, 3)
