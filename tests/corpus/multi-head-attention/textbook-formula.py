# Textbook transcription of "Attention Is All You Need" section 3.2.2: project, split into heads with
# reshape + transpose, scaled dot-product attention per head (batched over heads), concatenate, W^O.
import numpy as np


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    weights = softmax(q @ k.transpose(0, 2, 1) / np.sqrt(d_k))
    heads = weights @ v
    concat = heads.transpose(1, 0, 2).reshape(T, d_model)
    return concat @ w_o
