# wrong: Ignores n_heads and runs one attention over the full d_model width (but scaled by sqrt(d_k)), thinking the heads "are just a reshape".
# diagnosis: heads-not-split
# proposed: heads-not-split: each head has its own softmax over its own d_k columns; one softmax over all d_model columns is different.

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    d_k = x.shape[1] // n_heads
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    s = q @ k.T / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return (p @ v) @ w_o
