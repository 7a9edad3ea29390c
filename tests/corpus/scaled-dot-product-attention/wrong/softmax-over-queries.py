# wrong: Normalises down the columns (axis=0) because "softmax over the scores" looked like the default first axis.
# diagnosis: softmax-wrong-axis

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape)) == 1, scores, -np.inf)
    scores = scores - scores.max(axis=0, keepdims=True)
    exp = np.exp(scores)
    weights = exp / exp.sum(axis=0, keepdims=True)
    return weights @ V
