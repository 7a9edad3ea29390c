# Competitive-programming style: a lambda for the split, the whole computation in three short lines.
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    s = lambda m: m.reshape(len(x), n_heads, -1).transpose(1, 0, 2)  # noqa: E731
    a = s(x @ w_q) @ s(x @ w_k).transpose(0, 2, 1) / np.sqrt(x.shape[1] // n_heads)
    e = np.exp(a - a.max(-1, keepdims=True))
    return (e / e.sum(-1, keepdims=True) @ s(x @ w_v)).transpose(1, 0, 2).reshape(x.shape) @ w_o
