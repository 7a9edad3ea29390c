# wrong: Accumulates the weighted sum of value rows with functools.reduce over the key indices.
# diagnosis: loop-reduce

from functools import reduce

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    start = np.zeros((Q.shape[0], V.shape[1]))
    return reduce(lambda acc, j: acc + w[:, j:j + 1] * V[j], range(V.shape[0]), start)
