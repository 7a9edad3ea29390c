# wrong: Uses np.tril(..., k=-1) as the allowed set, so the diagonal is masked too and query 0 sees no key at all (nan).
# diagnosis: causal-mask-excludes-diagonal

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        allowed = np.tril(np.ones(scores.shape, dtype=bool), k=-1)
        scores = np.where(allowed, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ V
