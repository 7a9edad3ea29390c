# wrong: Subtracts the row maximum and exponentiates but never divides by the row sums, treating exp(shifted) as the weights.
# diagnosis: softmax-not-normalised

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return weights @ V
