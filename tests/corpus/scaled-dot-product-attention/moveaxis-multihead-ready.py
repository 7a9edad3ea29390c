# A learner preparing for the multi-head follow-up: K is transposed with
# np.moveaxis(K, -1, -2) so the same code works for (n, d) and (h, n, d)
# inputs, and the causal mask is built for the last two axes and broadcast.
import numpy as np


def attention(Q, K, V, causal=False):
    Q = np.asarray(Q, dtype=float)
    K = np.asarray(K, dtype=float)
    V = np.asarray(V, dtype=float)
    K_t = np.moveaxis(K, -1, -2)
    scores = (Q @ K_t) / np.sqrt(Q.shape[-1])
    if causal:
        n_q, n_k = scores.shape[-2], scores.shape[-1]
        future = np.arange(n_k) > np.arange(n_q)[:, None]
        scores = np.where(future, -np.inf, scores)
    m = scores.max(axis=-1, keepdims=True)
    w = np.exp(scores - m)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ V
