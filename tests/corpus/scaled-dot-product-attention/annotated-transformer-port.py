# Ported from "The Annotated Transformer" (Harvard NLP), the classic
# companion to "Attention Is All You Need": a `subsequent_mask` helper built
# from np.triu(..., k=1) == 0, and an `attention` that fills masked scores
# with -1e9 before the softmax, exactly like masked_fill in the original.
import math

import numpy as np


def subsequent_mask(size):
    "Mask out subsequent positions."
    attn_shape = (1, size, size)
    subsequent = np.triu(np.ones(attn_shape), k=1).astype("uint8")
    return subsequent == 0


def _softmax(x):
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)


def attention(Q, K, V, causal=False):
    "Compute 'Scaled Dot Product Attention'"
    d_k = Q.shape[-1]
    scores = np.matmul(Q, np.swapaxes(K, -2, -1)) / math.sqrt(d_k)
    if causal:
        mask = subsequent_mask(scores.shape[-1])[0]
        scores = np.where(mask == 0, -1e9, scores)
    p_attn = _softmax(scores)
    return np.matmul(p_attn, V)
