# `from numpy import ...` style: only the names it uses, no `np.` anywhere.
from math import sqrt

from numpy import exp, matmul, swapaxes


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    seq, d_model = x.shape
    d_k = d_model // n_heads

    def split(m):
        return swapaxes(m.reshape(seq, n_heads, d_k), 0, 1)

    q, k, v = split(matmul(x, w_q)), split(matmul(x, w_k)), split(matmul(x, w_v))
    scores = matmul(q, swapaxes(k, 1, 2)) / sqrt(d_k)
    e = exp(scores - scores.max(axis=2, keepdims=True))
    probs = e / e.sum(axis=2, keepdims=True)
    return matmul(swapaxes(matmul(probs, v), 0, 1).reshape(seq, d_model), w_o)
