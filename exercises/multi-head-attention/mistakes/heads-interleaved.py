import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    t, d_model = x.shape
    d_k = d_model // n_heads

    def split(m):  # (T, d_model) -> (n_heads, T, d_k), via (T, d_k, n_heads)
        return np.moveaxis(m.reshape(t, d_k, n_heads), -1, 0)

    def merge(h):  # the exact inverse of split
        return np.moveaxis(h, 0, -1).reshape(t, d_model)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return merge(weights @ v) @ w_o
