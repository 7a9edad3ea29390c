# wrong: Multiplies the scores by sqrt(d_k) instead of dividing, a learner who flipped "scale" into the wrong direction.
# diagnosis: scale-inverted

import numpy as np


def attention(Q, K, V, causal=False):
    scale = np.sqrt(Q.shape[-1])
    scores = np.dot(Q, K.T) * scale
    if causal:
        mask = np.tril(np.ones_like(scores, dtype=bool))
        scores[~mask] = -np.inf
    scores = scores - scores.max(axis=-1, keepdims=True)
    probs = np.exp(scores)
    probs = probs / probs.sum(axis=-1, keepdims=True)
    return np.dot(probs, V)
