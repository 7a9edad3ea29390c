# wrong: Reshapes to (T, d_k, n_heads), so head h takes every n_heads-th column (h, h + n_heads, ...) instead of a contiguous block.
# diagnosis: heads-interleaved
# proposed: heads-interleaved: head h owns the contiguous columns h*d_k:(h+1)*d_k; reshape to (T, n_heads, d_k), not (T, d_k, n_heads).

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, d_k, n_heads).transpose(2, 0, 1)
    k = (x @ w_k).reshape(T, d_k, n_heads).transpose(2, 0, 1)
    v = (x @ w_v).reshape(T, d_k, n_heads).transpose(2, 0, 1)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 2, 0).reshape(T, d) @ w_o
