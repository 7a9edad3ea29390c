# wrong: Builds the causal mask with np.triu, keeping keys j >= i (the future) instead of j <= i.
# diagnosis: causal-mask-upper-triangle

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        visible = np.triu(np.ones(scores.shape, dtype=bool))
        scores = np.where(visible, scores, -np.inf)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return weights @ V
