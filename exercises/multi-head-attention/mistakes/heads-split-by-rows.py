import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    t, d_model = x.shape
    d_k = d_model // n_heads
    q = np.reshape(x @ w_q, (n_heads, t, d_k))
    k = np.reshape(x @ w_k, (n_heads, t, d_k))
    v = np.reshape(x @ w_v, (n_heads, t, d_k))
    scores = q @ np.swapaxes(k, 1, 2) / np.sqrt(d_k)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    merged = np.reshape(weights @ v, (t, d_model))  # reshape back the way it came
    return merged @ w_o
