# wrong: Divides the scores by d_k rather than its square root, a learner who read "scale by d_k" too quickly.
# diagnosis: divides-by-d-k

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = (Q @ K.T) / d_k
    if causal:
        n_q, n_k = scores.shape
        allowed = np.tril(np.ones((n_q, n_k), dtype=bool))
        scores = np.where(allowed, scores, -np.inf)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return weights @ V
