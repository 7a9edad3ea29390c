# Learner who builds the head split explicitly as an index table: column index h*d_k + j for head h,
# position j, gathered with np.take along the feature axis, so "head h uses columns h*d_k:(h+1)*d_k"
# is visible in the code. The merge inverts it with np.argsort of the same table.
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    columns = np.arange(n_heads)[:, None] * d_k + np.arange(d_k)[None, :]  # (h, d_k)
    q = np.take(x @ w_q, columns, axis=1)  # (T, h, d_k)
    k = np.take(x @ w_k, columns, axis=1)
    v = np.take(x @ w_v, columns, axis=1)
    scores = np.matmul(q.transpose(1, 0, 2), k.transpose(1, 2, 0)) / np.sqrt(d_k)  # (h, T, T)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    heads = np.matmul(weights, v.transpose(1, 0, 2))  # (h, T, d_k)
    flat = heads.transpose(1, 0, 2).reshape(T, d_model)
    concat = np.take(flat, np.argsort(columns.ravel()), axis=1)
    return concat @ w_o
