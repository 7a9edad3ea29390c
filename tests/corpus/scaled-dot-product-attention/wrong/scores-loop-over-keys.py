# wrong: Fills the score matrix one key column at a time with a for loop, then does the rest with whole-array code.
# diagnosis: loop-for

import numpy as np


def attention(Q, K, V, causal=False):
    n_q, d_k = Q.shape
    n_k = K.shape[0]
    scores = np.empty((n_q, n_k))
    for j in range(n_k):
        scores[:, j] = Q @ K[j] / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones((n_q, n_k), dtype=bool)), scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ V
