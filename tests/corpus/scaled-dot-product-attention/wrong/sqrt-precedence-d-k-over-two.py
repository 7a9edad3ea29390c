# wrong: Writes the square root as d_k ** 1/2, which Python parses as (d_k ** 1) / 2, so it divides by d_k/2.
# diagnosis: sqrt-operator-precedence

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = K.shape[1]
    scores = Q @ K.T / (d_k ** 1/2)
    if causal:
        scores[np.triu_indices(scores.shape[0], k=1, m=scores.shape[1])] = -np.inf
    scores = scores - np.max(scores, axis=1, keepdims=True)
    e = np.exp(scores)
    return (e / np.sum(e, axis=1, keepdims=True)) @ V
