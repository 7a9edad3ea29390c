# wrong: Splits heads with reshape(n_heads, T, d_k) straight from (T, d_model), which cuts the flat buffer by rows of tokens, not by columns.
# diagnosis: heads-split-by-rows
# proposed: split-without-transpose: reshape to (T, n_heads, d_k) first and then move the head axis to the front; reshaping to (n_heads, T, d_k) mixes tokens.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(n_heads, T, d_k)
    k = (x @ w_k).reshape(n_heads, T, d_k)
    v = (x @ w_v).reshape(n_heads, T, d_k)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v).reshape(T, d) @ w_o
