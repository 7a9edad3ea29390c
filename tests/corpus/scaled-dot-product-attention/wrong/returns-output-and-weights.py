# wrong: Returns (output, weights) like the PyTorch tutorial it was ported from, instead of the output alone.
# diagnosis: returns-tuple

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p_attn = np.exp(scores)
    p_attn = p_attn / p_attn.sum(axis=-1, keepdims=True)
    return p_attn @ V, p_attn
