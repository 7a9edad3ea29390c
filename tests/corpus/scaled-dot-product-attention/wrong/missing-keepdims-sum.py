# wrong: Divides by e.sum(axis=1) without keepdims, so the (n_q,) sums broadcast along the wrong axis (and non-square inputs raise).
# diagnosis: missing-keepdims-sum

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores[np.triu(np.ones(scores.shape, dtype=bool), k=1)] = -np.inf
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = e / e.sum(axis=1)
    return weights @ V
