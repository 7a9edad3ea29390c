# wrong: Skips the 1/sqrt(d_k) factor entirely, as someone who remembers "softmax(QK^T)V" from a diagram might.
# diagnosis: no-scaling

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ K.T
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    return w @ V
