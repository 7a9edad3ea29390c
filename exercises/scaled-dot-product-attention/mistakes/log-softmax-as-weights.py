import numpy as np


def attention(Q, K, V, causal=False):
    d_k = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k)
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape)) == 1, scores, -np.inf)
    shifted = scores - scores.max(axis=1, keepdims=True)
    log_weights = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return log_weights @ V
