# wrong: Builds the output with a list comprehension over the query rows, one softmax per query.
# diagnosis: python-loop, loop-comprehension

import numpy as np


def _attend(q, K, V, limit=None):
    s = K[:limit] @ q / np.sqrt(q.shape[0])
    w = np.exp(s - s.max())
    return (w / w.sum()) @ V[:limit]


def attention(Q, K, V, causal=False):
    return np.array([_attend(q, K, V, i + 1 if causal else None) for i, q in enumerate(Q)])
