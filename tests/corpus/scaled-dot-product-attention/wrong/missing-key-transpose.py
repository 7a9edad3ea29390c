# wrong: Writes Q @ K without the transpose, reading QK^T as a plain product; the shapes never line up and it raises.
# diagnosis: keys-not-transposed
# proposed: missing-key-transpose: computes Q @ K instead of Q @ K.T

import numpy as np


def attention(Q, K, V, causal=False):
    scores = np.matmul(Q, K) / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return weights @ V
