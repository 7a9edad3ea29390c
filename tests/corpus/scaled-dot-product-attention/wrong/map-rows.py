# wrong: Applies a row softmax with map() over the rows of the score matrix, then stacks the results.
# diagnosis: python-loop, loop-map

import numpy as np


def row_softmax(row):
    e = np.exp(row - row.max())
    return e / e.sum()


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    weights = np.vstack(list(map(row_softmax, scores)))
    return weights @ V
