# wrong: Scales by sqrt(V.shape[1]), confusing d_v with d_k because both are "the model dimension" in most tutorials.
# diagnosis: scale-by-d-v

import numpy as np


class Attention:
    def __init__(self, causal=False):
        self.causal = causal

    def __call__(self, Q, K, V):
        d = V.shape[1]
        s = Q @ K.T / np.sqrt(d)
        if self.causal:
            s = np.where(np.tril(np.ones(s.shape, dtype=bool)), s, -np.inf)
        s = s - s.max(axis=-1, keepdims=True)
        w = np.exp(s)
        return (w / w.sum(axis=-1, keepdims=True)) @ V


def attention(Q, K, V, causal=False):
    return Attention(causal)(Q, K, V)
