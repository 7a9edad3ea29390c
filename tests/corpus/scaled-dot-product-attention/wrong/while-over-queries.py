# wrong: Walks the queries with a while loop and an index counter, a learner coming from C.
# diagnosis: python-loop, loop-while

import numpy as np


def attention(Q, K, V, causal=False):
    n_q = Q.shape[0]
    result = np.empty((n_q, V.shape[1]))
    i = 0
    while i < n_q:
        scores = Q[i] @ K.T / np.sqrt(Q.shape[1])
        if causal:
            scores = np.where(np.arange(K.shape[0]) <= i, scores, -np.inf)
        scores = scores - np.max(scores)
        weights = np.exp(scores) / np.sum(np.exp(scores))
        result[i] = weights @ V
        i += 1
    return result
