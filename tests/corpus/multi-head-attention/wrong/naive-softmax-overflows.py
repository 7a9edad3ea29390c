# wrong: Uses the naive softmax exp(s) / sum(exp(s)) without subtracting the max, so large scores overflow to inf and give nan.
# diagnosis: unstable-softmax
# proposed: unstable-softmax: subtract each row's max before exp; exp of a score above ~709 overflows to inf.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    e = np.exp(q @ k.transpose(0, 2, 1) / np.sqrt(d_k))
    p = e / e.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
