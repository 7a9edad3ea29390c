import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    d_model = x.shape[1]
    d_k = d_model // n_heads
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    heads = []
    for h in range(n_heads):
        cols = slice(h * d_k, (h + 1) * d_k)
        scores = q[:, cols] @ k[:, cols].T / np.sqrt(d_k)
        scores = scores - scores.max(axis=-1, keepdims=True)
        weights = np.exp(scores)
        weights = weights / weights.sum(axis=-1, keepdims=True)
        heads.append(weights @ v[:, cols])
    return np.concatenate(heads, axis=1) @ w_o
