# wrong: confuses the head count with the head width and divides the scores by sqrt(n_heads).
# diagnosis: none
# proposed: scale-by-n-heads: The scale is sqrt(d_k) = sqrt(d_model / n_heads), the width of one head, not the square root of the number of heads.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    t, d_model = x.shape
    d_k = d_model // n_heads

    def split(m):
        return m.reshape(t, n_heads, d_k).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(n_heads)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(t, d_model) @ w_o
