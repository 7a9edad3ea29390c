# wrong: splits and merges the heads with a bare reshape(n_heads, T, d_k), which cuts the rows into blocks instead of the columns.
# diagnosis: naive-split-reshape, heads-split-by-rows

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    dk = d // n_heads
    Q = (x @ w_q).reshape(n_heads, T, dk)
    K = (x @ w_k).reshape(n_heads, T, dk)
    V = (x @ w_v).reshape(n_heads, T, dk)
    scores = Q @ np.swapaxes(K, -1, -2) / np.sqrt(dk)
    scores -= scores.max(axis=-1, keepdims=True)
    A = np.exp(scores)
    A /= A.sum(axis=-1, keepdims=True)
    return (A @ V).reshape(T, d) @ w_o
