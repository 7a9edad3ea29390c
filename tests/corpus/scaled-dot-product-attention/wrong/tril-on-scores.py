# wrong: Masks with np.tril(scores), which sets the future scores to 0 instead of -inf, so the future keys still get weight.
# diagnosis: mask-fills-zero

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.tril(scores)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return weights @ V
