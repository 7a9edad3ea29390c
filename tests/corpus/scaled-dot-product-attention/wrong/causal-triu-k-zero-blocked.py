# wrong: Masks np.triu(ones) with the default k=0 instead of k=1, which hides the diagonal along with the future keys.
# diagnosis: causal-mask-excludes-diagonal

import numpy as np

NEG_INF = -np.inf


def attention(Q, K, V, causal=False):
    n_q, n_k = Q.shape[0], K.shape[0]
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        future = np.triu(np.ones((n_q, n_k))).astype(bool)
        scores = np.where(future, NEG_INF, scores)
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ V
