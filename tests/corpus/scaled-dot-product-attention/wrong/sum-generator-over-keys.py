# wrong: Forms the output as sum(w_j * v_j) with a generator over the keys, copying the formula's sum literally.
# diagnosis: loop-comprehension, loop-map

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return sum(np.outer(w[:, j], V[j]) for j in range(V.shape[0]))
