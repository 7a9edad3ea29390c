# A learner who enjoys the `operator` module: operator.matmul for both
# products and operator.truediv / operator.sub for the softmax, which makes
# the data flow explicit as function calls.
import operator

import numpy as np


def attention(Q, K, V, causal=False):
    scores = operator.truediv(operator.matmul(Q, K.T), np.sqrt(Q.shape[-1]))
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    shifted = operator.sub(scores, scores.max(axis=-1, keepdims=True))
    e = np.exp(shifted)
    return operator.matmul(operator.truediv(e, e.sum(axis=-1, keepdims=True)), V)
