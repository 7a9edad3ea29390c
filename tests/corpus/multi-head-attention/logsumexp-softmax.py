# Learner who writes the stable softmax as exp(s - logsumexp(s)), with logsumexp computed by hand as
# m + log(sum(exp(s - m))), and np.moveaxis for the head axis.
import numpy as np


def _logsumexp(s):
    m = np.max(s, axis=-1, keepdims=True)
    return m + np.log(np.sum(np.exp(s - m), axis=-1, keepdims=True))


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    q = np.moveaxis((x @ w_q).reshape(T, n_heads, d_k), 1, 0)
    k = np.moveaxis((x @ w_k).reshape(T, n_heads, d_k), 1, 0)
    v = np.moveaxis((x @ w_v).reshape(T, n_heads, d_k), 1, 0)
    s = (q / np.sqrt(d_k)) @ np.moveaxis(k, -1, -2)
    p = np.exp(s - _logsumexp(s))
    return np.moveaxis(p @ v, 0, 1).reshape(T, d_model) @ w_o
