# wrong: Shifts the numerator by the row maximum but computes the denominator from the unshifted exponentials.
# diagnosis: inconsistent-softmax-shift

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    numerator = np.exp(scores - scores.max(axis=-1, keepdims=True))
    denominator = np.exp(scores).sum(axis=-1, keepdims=True)
    return (numerator / denominator) @ V
