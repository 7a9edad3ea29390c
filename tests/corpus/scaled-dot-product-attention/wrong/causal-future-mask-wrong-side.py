# wrong: Blocks the lower triangle (np.tril(k=-1)) thinking "earlier positions" must be hidden, so each query sees itself and the future.
# diagnosis: causal-mask-upper-triangle

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    s = Q @ K.T / np.sqrt(d_k)
    if causal:
        blocked = np.tril(np.ones(s.shape, dtype=bool), k=-1)
        s[blocked] = -np.inf
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    return p / p.sum(axis=-1, keepdims=True) @ V
