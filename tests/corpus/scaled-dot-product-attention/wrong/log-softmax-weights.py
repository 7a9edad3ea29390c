# wrong: Ports a log-softmax (scores minus logsumexp) from a classification tutorial and uses the log-probabilities as weights.
# diagnosis: log-softmax-as-weights

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    m = scores.max(axis=-1, keepdims=True)
    lse = m + np.log(np.exp(scores - m).sum(axis=-1, keepdims=True))
    weights = scores - lse
    return weights @ V
