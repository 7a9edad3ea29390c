# wrong: folds the 1/sqrt(d_k) into Q with Q /= ..., which rescales the caller's queries.
# diagnosis: scales-q-in-place

import numpy as np


def attention(Q, K, V, causal=False):
    Q /= np.sqrt(Q.shape[-1])          # scale the queries once, as in minGPT-style code
    scores = Q @ K.T
    if causal:
        future = np.triu(np.ones(scores.shape, dtype=bool), k=1)
        scores = np.where(future, -np.inf, scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    return p @ V
