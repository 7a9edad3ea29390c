import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    x = x.astype(np.float32)  # float32, as on a GPU
    w_q, w_k = w_q.astype(np.float32), w_k.astype(np.float32)
    w_v, w_o = w_v.astype(np.float32), w_o.astype(np.float32)
    t, d_model = x.shape
    d_k = d_model // n_heads
    q = (x @ w_q).reshape(t, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(t, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(t, n_heads, d_k).transpose(1, 0, 2)
    scores = q @ k.transpose(0, 2, 1) / d_k**0.5
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return (weights @ v).transpose(1, 0, 2).reshape(t, d_model) @ w_o
