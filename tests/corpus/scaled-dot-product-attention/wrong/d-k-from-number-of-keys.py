# wrong: Takes d_k from K.shape[0] (the number of keys) instead of K.shape[1], the classic rows-vs-columns slip.
# diagnosis: d-k-from-number-of-keys

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = K.shape[0]
    S = Q @ K.T / np.sqrt(d_k)
    if causal:
        S = S + np.triu(np.full(S.shape, -np.inf), k=1)
    S = S - S.max(-1, keepdims=True)
    P = np.exp(S)
    P = P / P.sum(-1, keepdims=True)
    return P @ V
