import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape)) == 1, scores, -np.inf)
    row_max = np.max(scores, axis=1)                 # shape (n_q,)
    e = np.exp(scores - row_max)
    weights = e / e.sum(axis=1, keepdims=True)
    return weights @ V
