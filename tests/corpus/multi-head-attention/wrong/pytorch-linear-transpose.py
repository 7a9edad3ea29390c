# wrong: Ported nn.Linear literally as x @ W.T, transposing projection matrices that are already (in, out).
# diagnosis: pytorch-weight-convention
# proposed: weights-transposed: the statement's projections are Q = x @ w_q (and so on), not x @ w_q.T.

import numpy as np


def linear(x, weight):
    return x @ weight.T


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    d_k = d // n_heads
    q = linear(x, w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = linear(x, w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = linear(x, w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return linear((p @ v).transpose(1, 0, 2).reshape(T, d), w_o)
