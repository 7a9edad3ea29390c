import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape)) == 1, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    row_sums = np.sum(e, axis=1)                     # shape (n_q,)
    weights = e / row_sums
    return weights @ V
