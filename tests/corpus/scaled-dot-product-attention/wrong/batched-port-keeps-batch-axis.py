# wrong: Ports batched (B, n, d) PyTorch code by adding a batch axis with Q[None] and forgets to drop it at the end.
# diagnosis: extra-leading-axis

import numpy as np


def attention(Q, K, V, causal=False):
    q, k, v = Q[None], K[None], V[None]                      # (1, n, d)
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])
    if causal:
        n_q, n_k = scores.shape[-2:]
        scores = np.where(np.tril(np.ones((n_q, n_k), dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ v
