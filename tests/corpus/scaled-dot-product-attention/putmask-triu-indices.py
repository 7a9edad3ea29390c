# A learner who found np.triu_indices on Stack Overflow ("how to set the
# upper triangle of a matrix") and uses the (rows, cols) index pair to
# overwrite the future scores in place with -inf.
import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T
    scores /= np.sqrt(Q.shape[1])
    if causal:
        upper = np.triu_indices(scores.shape[0], k=1, m=scores.shape[1])
        scores[upper] = -np.inf
    scores -= np.max(scores, axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    return p @ V
