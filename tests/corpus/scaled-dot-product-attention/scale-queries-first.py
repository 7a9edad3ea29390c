# A learner who read that scaling Q before the product is cheaper
# (n_q * d_k multiplies instead of n_q * n_k) and does that; the softmax is
# the usual max-shifted one. Uses d_k ** -0.5 rather than np.sqrt.
import numpy as np


def attention(Q, K, V, causal=False):
    q = Q * Q.shape[-1] ** -0.5
    s = q @ K.T
    if causal:
        s = np.where(np.arange(s.shape[1]) <= np.arange(s.shape[0])[:, None], s, -np.inf)
    s = np.exp(s - s.max(axis=-1, keepdims=True))
    return (s / s.sum(axis=-1, keepdims=True)) @ V
