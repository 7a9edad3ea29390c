# wrong: takes the softmax first and then zeroes the future weights, so the causal rows no longer sum to 1.
# diagnosis: mask-after-softmax

import numpy as np


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    weights = softmax(Q @ K.T / np.sqrt(d_k))
    if causal:
        weights = weights * np.tril(np.ones_like(weights))
    return weights @ V
