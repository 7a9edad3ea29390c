import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = (Q @ K) / np.sqrt(d_k)           # QK^T read as a plain product Q K
    if causal:
        scores = np.where(np.tril(np.ones_like(scores)) > 0, scores, -np.inf)
    e = np.exp(scores - np.max(scores, axis=-1, keepdims=True))
    return (e / np.sum(e, axis=-1, keepdims=True)) @ V
