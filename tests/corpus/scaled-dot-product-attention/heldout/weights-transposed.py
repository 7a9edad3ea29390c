# wrong: multiplies the values by the transposed weights, W.T @ V, mixing up which axis of W indexes the keys.
# diagnosis: none
# proposed: weights-transposed-before-values: Row i of W holds query i's weights over the keys, so the output is W @ V; W.T @ V averages with the weights the keys received.

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    S = Q @ K.T / np.sqrt(d_k)                       # (n_q, n_k)
    if causal:
        S = np.where(np.tril(np.ones_like(S)) == 1, S, -np.inf)
    S = S - S.max(axis=1, keepdims=True)
    W = np.exp(S)
    W = W / W.sum(axis=1, keepdims=True)
    return W.T @ V                                   # weight the values of each key
