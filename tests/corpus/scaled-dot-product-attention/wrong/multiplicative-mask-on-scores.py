# wrong: Multiplies the scores by a 0/1 lower-triangular mask, as one would multiply an image by a mask, so blocked scores become 0, not -inf.
# diagnosis: mask-fills-zero

import numpy as np


def attention(Q, K, V, causal=False):
    n_q, d_k = Q.shape
    n_k = K.shape[0]
    scores = np.einsum("qd,kd->qk", Q, K) / np.sqrt(d_k)
    if causal:
        mask = np.tri(n_q, n_k)
        scores = scores * mask
    scores = scores - scores.max(axis=-1, keepdims=True)
    e = np.exp(scores)
    return np.einsum("qk,kv->qv", e / e.sum(axis=-1, keepdims=True), V)
