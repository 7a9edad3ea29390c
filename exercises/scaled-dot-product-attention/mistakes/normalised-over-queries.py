import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape)) == 1, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))   # each row's max: right
    weights = e / e.sum(axis=0)                                # but each column's sum
    return weights @ V
