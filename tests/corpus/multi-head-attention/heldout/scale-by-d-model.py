# wrong: divides the scores by sqrt(d_model), the full width, instead of sqrt(d_k), the width of one head.
# diagnosis: scale-by-d-model

import numpy as np


def _softmax(s):
    s = s - s.max(axis=-1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    att = _softmax(q @ k.transpose(0, 2, 1) / np.sqrt(d_model))
    out = (att @ v).transpose(1, 0, 2).reshape(T, d_model)
    return out @ w_o
