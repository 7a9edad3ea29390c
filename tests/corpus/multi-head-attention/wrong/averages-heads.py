# wrong: Averages the heads' outputs into one (T, d_k) block and tiles it n_heads times instead of concatenating the distinct heads.
# diagnosis: heads-averaged
# proposed: heads-averaged: concatenate the heads side by side (head h in columns h*d_k:(h+1)*d_k); averaging them loses each head's output.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    mean_head = (p @ v).mean(axis=0)  # (T, d_k)
    return np.tile(mean_head, (1, n_heads)) @ w_o
