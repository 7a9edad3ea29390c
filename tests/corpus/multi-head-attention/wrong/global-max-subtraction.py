# wrong: Subtracts one global max over all heads and queries, so rows far below it underflow to 0/0 = nan.
# diagnosis: unstable-softmax
# proposed: global-max-shift: subtract each row's own max (max over the keys, keepdims=True), not one max of the whole score tensor.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    e = np.exp(s - s.max())
    p = e / e.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d) @ w_o
