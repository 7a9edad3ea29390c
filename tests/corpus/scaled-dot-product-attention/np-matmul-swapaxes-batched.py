# A learner who read follow-up question 4 first and wrote the function for
# any number of leading batch/head dimensions: np.matmul with swapaxes on
# the last two axes, and a mask built from the last two dimensions only.
# Plain 2-D inputs are just the case with no leading dimensions.
import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = np.matmul(Q, np.swapaxes(K, -1, -2)) / np.sqrt(d_k)
    if causal:
        n_q, n_k = scores.shape[-2:]
        allowed = np.tril(np.ones((n_q, n_k), dtype=bool))
        scores = np.where(allowed, scores, -np.inf)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= np.sum(weights, axis=-1, keepdims=True)
    return np.matmul(weights, V)
