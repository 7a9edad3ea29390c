# wrong: Uses the textbook softmax exp(s)/sum(exp(s)) without subtracting the row maximum, so huge scores overflow to nan.
# diagnosis: unstable-softmax

import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        n = scores.shape[0]
        scores = np.where(np.tril(np.ones((n, scores.shape[1]), dtype=bool)), scores, -np.inf)
    exp_scores = np.exp(scores)
    weights = exp_scores / np.sum(exp_scores, axis=-1, keepdims=True)
    return weights @ V
