# wrong: Builds a ufunc from math.exp with np.frompyfunc, which runs a Python call per element and returns objects.
# diagnosis: loop-frompyfunc

import math
import numpy as np

safe_exp = np.frompyfunc(lambda x: 0.0 if x == -math.inf else math.exp(x), 1, 1)


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    e = safe_exp(scores - scores.max(axis=-1, keepdims=True)).astype(float)
    return (e / e.sum(axis=-1, keepdims=True)) @ V
