import numpy as np


def attention(Q, K, V, causal=False):
    n_q, d_k = Q.shape
    out = np.zeros((n_q, V.shape[1]))
    for i in range(n_q):
        scores = K @ Q[i] / np.sqrt(d_k)           # (n_k,)
        if causal:
            scores = np.where(np.arange(len(scores)) <= i, scores, -np.inf)
        e = np.exp(scores - scores.max())
        out[i] = (e / e.sum()) @ V
    return out
