# wrong: Divides by sqrt(d_k) after the softmax instead of before it, so the weights no longer sum to 1.
# diagnosis: scale-after-softmax
# proposed: scale-after-softmax: the 1/sqrt(d_k) scales the scores inside the softmax, not the weights after it.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p = p / p.sum(axis=-1, keepdims=True) / np.sqrt(d_k)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
