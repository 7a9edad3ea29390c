# wrong: Gets K_h^T with k.reshape(n_heads, d_k, T) instead of a transpose, so the shapes fit but the entries are scrambled.
# diagnosis: keys-reshaped-not-transposed
# proposed: reshape-not-transpose: reshape keeps the memory order and only relabels the axes; K_h^T needs np.swapaxes(k, -1, -2).

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k_t = k.reshape(n_heads, d_k, T)
    s = q @ k_t / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
