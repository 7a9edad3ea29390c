# wrong: Subtracts scores.max(axis=1) without keepdims, so each column gets a different constant and the weights change.
# diagnosis: missing-keepdims-max

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=1)
    exps = np.exp(scores)
    return exps / exps.sum(axis=1, keepdims=True) @ V
