# wrong: Applies the 1/sqrt(d_k) factor to the softmax weights instead of to the scores, a learner who knew the factor but not where it goes.
# diagnosis: scale-after-softmax

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = Q @ K.T
    if causal:
        keep = np.tril(np.ones(scores.shape, dtype=bool))
        scores = np.where(keep, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True)
    weights = weights / np.sqrt(d_k)
    return weights @ V
