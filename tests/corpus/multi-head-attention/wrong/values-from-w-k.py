# wrong: Copy-paste slip: the values are computed with w_k (V = x @ w_k), so w_v is never used.
# diagnosis: projection-weight-mixed-up
# proposed: wrong-projection: V is x @ w_v; each of Q, K and V has its own weight matrix.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
