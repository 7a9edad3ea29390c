import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    t, d_model = x.shape
    d_k = d_model // n_heads

    def split(m):  # (T, d_model) -> (n_heads, T, d_k)
        return m.reshape(t, n_heads, d_k).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    merged = (weights @ v).transpose(1, 0, 2).reshape(t, d_model)
    out = merged @ w_o
    return out + x  # the skip connection, as in a Transformer layer
