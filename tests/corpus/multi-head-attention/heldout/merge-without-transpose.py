# wrong: splits the heads correctly but merges them with heads.reshape(T, d_model) without moving the head axis back first.
# diagnosis: merge-without-transpose

import numpy as np


def split_heads(t, n_heads):
    T, d = t.shape
    return t.reshape(T, n_heads, d // n_heads).transpose(1, 0, 2)


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    ez = np.exp(z)
    return ez / np.sum(ez, axis=axis, keepdims=True)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    q, k, v = split_heads(x @ w_q, n_heads), split_heads(x @ w_k, n_heads), split_heads(x @ w_v, n_heads)
    weights = softmax(np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(d_k))
    heads = np.matmul(weights, v)            # (n_heads, T, d_k)
    concat = heads.reshape(T, d_model)       # put the heads side by side
    return concat @ w_o
