# Someone who learned np.tensordot in a linear-algebra course and likes to
# name the contracted axes explicitly instead of transposing K.
# The second product also uses tensordot; the mask compares the two index
# grids returned by np.indices and is written in place with boolean indexing.
import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    scores = np.tensordot(Q, K, axes=([1], [1])) / np.sqrt(d_k)
    if causal:
        rows, cols = np.indices(scores.shape)
        scores[cols > rows] = -np.inf
    scores -= scores.max(axis=1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=1, keepdims=True)
    return np.tensordot(w, V, axes=([1], [0]))
