# A learner who wraps the input conversion in try/except and re-raises a
# clearer error, then computes attention in float64. The scale is kept as
# a Python float from math.sqrt. The stable softmax uses np.subtract / np.divide
# with explicit keyword arguments.
import math

import numpy as np


def attention(Q, K, V, causal=False):
    try:
        Q = np.asarray(Q, dtype=np.float64)
        K = np.asarray(K, dtype=np.float64)
        V = np.asarray(V, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError("Q, K and V must be numeric arrays") from exc

    scores = np.matmul(Q, K.T) / math.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    shifted = np.subtract(scores, np.max(scores, axis=-1, keepdims=True))
    exps = np.exp(shifted)
    weights = np.divide(exps, np.sum(exps, axis=-1, keepdims=True))
    return np.matmul(weights, V)
