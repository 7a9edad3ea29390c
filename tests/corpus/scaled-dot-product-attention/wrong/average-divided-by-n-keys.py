# wrong: Reads "weighted average" literally and divides the weighted sum by the number of keys, although the weights already sum to 1.
# diagnosis: scaled

import numpy as np


def attention(Q, K, V, causal=False):
    n_k, d_k = K.shape
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return (weights @ V) / n_k
