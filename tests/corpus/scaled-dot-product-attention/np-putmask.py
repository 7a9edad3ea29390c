# A learner who likes the lesser-known np.putmask: it writes -inf into the
# score matrix wherever the boolean "future" mask is True, in place.
# The mask comes from comparing np.arange against itself with np.greater.
import numpy as np


def attention(Q, K, V, causal=False):
    n_q, d_k = Q.shape
    n_k = K.shape[0]
    scores = np.matmul(Q, K.T) / np.sqrt(d_k)
    if causal:
        future = np.greater.outer(np.arange(n_k), np.arange(n_q)).T
        np.putmask(scores, future, -np.inf)
    scores -= scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    return np.matmul(w, V)
