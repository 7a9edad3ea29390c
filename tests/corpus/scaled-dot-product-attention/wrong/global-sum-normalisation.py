# wrong: Divides by e.sum() over the whole matrix, so the weights of all queries together sum to 1 instead of each row.
# diagnosis: global-softmax-normalisation

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum()) @ V
