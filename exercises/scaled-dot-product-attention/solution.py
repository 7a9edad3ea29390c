import numpy as np


def attention(Q, K, V, causal=False):
    """Reference: softmax(Q K^T / sqrt(d_k)) V, optionally causal, with a stable softmax."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    d_k = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d_k)                                   # (n_q, n_k)
    if causal:
        allowed = np.tril(np.ones(scores.shape, dtype=bool))          # key j <= query i
        scores = np.where(allowed, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)              # each row's max is 0
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)           # rows sum to 1
    return weights @ V                                                # (n_q, d_v)
