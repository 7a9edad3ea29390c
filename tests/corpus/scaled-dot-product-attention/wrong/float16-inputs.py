# wrong: Casts everything to float16 "to save memory like mixed-precision training", losing precision (and overflowing on large scores).
# diagnosis: low-precision

import numpy as np


def attention(Q, K, V, causal=False):
    Q, K, V = (np.asarray(a, dtype=np.float16) for a in (Q, K, V))
    scores = Q @ K.T / np.float16(np.sqrt(Q.shape[-1]))
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, np.float16(-np.inf))
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ V
