# An einsum enthusiast (physics background) who writes every contraction
# with np.einsum, including both matrix products and even the row sums.
# The index letters follow the shapes: q = query, k = key, d = width, v = value width.
import numpy as np


def attention(Q, K, V, causal=False):
    scores = np.einsum("qd,kd->qk", Q, K) / np.sqrt(Q.shape[-1])
    if causal:
        q_idx = np.arange(scores.shape[0])[:, None]
        k_idx = np.arange(scores.shape[1])[None, :]
        scores = np.where(k_idx <= q_idx, scores, -np.inf)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / np.einsum("qk->q", weights)[:, None]
    return np.einsum("qk,kv->qv", weights, V)
