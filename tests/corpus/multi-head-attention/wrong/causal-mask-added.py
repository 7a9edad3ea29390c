# wrong: Adds a causal mask out of GPT habit, though the statement says no mask.
# diagnosis: causal-mask-added
# proposed: unexpected-mask: this attention has no mask; every query attends to every key, including later ones.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    s = np.where(np.tril(np.ones((T, T), dtype=bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
