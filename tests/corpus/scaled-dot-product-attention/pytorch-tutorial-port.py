# Ported from a PyTorch tutorial: `scores.masked_fill(mask == 0, -1e9)`
# becomes np.where, `F.softmax(scores, dim=-1)` becomes a stable softmax,
# `torch.matmul(q, k.transpose(-2, -1))` keeps its transpose(-2, -1) spirit
# via swapaxes. The mask is a lower-triangular "ones where allowed" matrix.
import math

import numpy as np


def _softmax(x, dim=-1):
    # torch.softmax subtracts the max internally; we have to do it by hand
    x_max = np.max(x, axis=dim, keepdims=True)
    e = np.exp(x - x_max)
    return e / np.sum(e, axis=dim, keepdims=True)


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = np.matmul(Q, K.swapaxes(-2, -1)) / math.sqrt(d_k)
    if causal:
        mask = np.tril(np.ones((scores.shape[-2], scores.shape[-1])))
        scores = np.where(mask == 0, -1e9, scores)  # scores.masked_fill(mask == 0, -1e9)
    p_attn = _softmax(scores, dim=-1)
    return np.matmul(p_attn, V)
