# wrong: Runs the softmax on the full score matrix and only then zeroes the future weights, so the rows no longer sum to 1.
# diagnosis: mask-after-softmax

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    if causal:
        weights[np.triu_indices_from(weights, k=1)] = 0.0
    return weights @ V
