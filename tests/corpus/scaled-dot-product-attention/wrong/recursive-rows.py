# wrong: Solves the first query and recurses on the remaining rows, a learner fresh from a functional-programming course.
# diagnosis: python-loop, loop-recursion

import numpy as np


def _rows(Q, K, V, causal, start):
    if start == Q.shape[0]:
        return np.empty((0, V.shape[1]))
    s = K @ Q[start] / np.sqrt(Q.shape[1])
    if causal:
        s[start + 1:] = -np.inf
    w = np.exp(s - s.max())
    row = (w / w.sum()) @ V
    return np.vstack([row, _rows(Q, K, V, causal, start + 1)])


def attention(Q, K, V, causal=False):
    return _rows(Q, K, V, causal, 0)
