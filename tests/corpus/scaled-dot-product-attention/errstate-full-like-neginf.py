# Someone who builds the masked score matrix explicitly: start from
# np.full_like(scores, -np.inf) and copy the visible scores in with np.where.
# The softmax is wrapped in np.errstate(over="raise") to prove to themselves
# that the max-shift really prevents overflow.
import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        minus_inf = np.full_like(scores, -np.inf)
        scores = np.where(np.tril(np.ones_like(scores)) > 0, scores, minus_inf)
    with np.errstate(over="raise"):
        shifted = scores - scores.max(axis=-1, keepdims=True)
        weights = np.exp(shifted)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return weights @ V
