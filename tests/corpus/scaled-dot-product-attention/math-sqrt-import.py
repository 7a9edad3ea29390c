# A learner coming from plain Python who reaches for `from math import sqrt`
# for the scalar scale factor, multiplies by its inverse, and builds the
# mask from np.tril with a comparison to zero.
from math import sqrt

import numpy as np


def attention(Q, K, V, causal=False):
    inv_scale = 1 / sqrt(K.shape[1])
    scores = (Q @ K.T) * inv_scale
    if causal:
        lower = np.tril(np.ones(scores.shape))
        scores = np.where(lower == 0, float("-inf"), scores)
    row_max = scores.max(axis=1, keepdims=True)
    exp_scores = np.exp(scores - row_max)
    weights = exp_scores / exp_scores.sum(axis=1, keepdims=True)
    return weights @ V
