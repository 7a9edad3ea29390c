# wrong: ports Keras' Attention layer (plain dot-product scores) and never divides by sqrt(d_k).
# diagnosis: no-scaling

import numpy as np


def attention(Q, K, V, causal=False):
    scores = np.matmul(Q, K.T)
    if causal:
        n = scores.shape[0]
        scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    return w @ V
