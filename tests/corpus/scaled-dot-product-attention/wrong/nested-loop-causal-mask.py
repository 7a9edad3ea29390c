# wrong: Vectorises the scores and softmax but fills the causal mask with two nested for loops over queries and keys.
# diagnosis: loop-for

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        n_q, n_k = scores.shape
        for i in range(n_q):
            for j in range(n_k):
                if j > i:
                    scores[i, j] = -np.inf
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return weights @ V
