# wrong: Computes the output as V.T @ W.T (d_v, n_q) while juggling transposes and forgets to transpose it back.
# diagnosis: transposed

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    W = np.exp(scores)
    W = W / W.sum(axis=-1, keepdims=True)
    return V.T @ W.T
