# Small private helpers, one job each: _split_heads, _merge_heads, _stable_softmax, _attend.
import numpy as np


def _split_heads(m, n_heads):
    t, d = m.shape
    return np.moveaxis(m.reshape(t, n_heads, d // n_heads), 1, 0)


def _merge_heads(heads):
    n_heads, t, d_k = heads.shape
    return np.moveaxis(heads, 0, 1).reshape(t, n_heads * d_k)


def _stable_softmax(scores):
    shifted = scores - np.max(scores, axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=-1, keepdims=True)


def _attend(q, k, v):
    d_k = q.shape[-1]
    return _stable_softmax(q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)) @ v


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    q = _split_heads(x @ w_q, n_heads)
    k = _split_heads(x @ w_k, n_heads)
    v = _split_heads(x @ w_v, n_heads)
    return _merge_heads(_attend(q, k, v)) @ w_o
