# An older-school NumPy user who still writes np.dot and .transpose()
# out of habit (code written before the @ operator existed).
# Mask is an upper-triangular boolean matrix from np.triu of ones.
import numpy as np


def attention(Q, K, V, causal=False):
    scale = 1.0 / np.sqrt(K.shape[1])
    scores = np.dot(Q, K.transpose()) * scale
    if causal:
        mask = np.triu(np.ones_like(scores), 1).astype(bool)
        scores[mask] = -np.inf
    row_max = np.amax(scores, axis=1, keepdims=True)
    e = np.exp(scores - row_max)
    probs = e / np.sum(e, axis=1, keepdims=True)
    return np.dot(probs, V)
