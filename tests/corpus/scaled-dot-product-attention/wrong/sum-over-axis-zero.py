# wrong: Subtracts the row maximum correctly but divides by the column sums (axis=0), mixing up which axis the keys are on.
# diagnosis: softmax-wrong-axis, normalised-over-queries

import numpy as np


def attention(Q, K, V, causal=False):
    S = np.matmul(Q, K.T) / np.sqrt(K.shape[-1])
    if causal:
        S[np.triu(np.ones(S.shape, dtype=bool), 1)] = -np.inf
    E = np.exp(S - S.max(axis=1, keepdims=True))
    W = E / E.sum(axis=0, keepdims=True)
    return np.matmul(W, V)
