# wrong: Computes one query at a time in a for loop, the way the "soft dictionary lookup" story is told.
# diagnosis: python-loop, loop-for

import numpy as np


def attention(Q, K, V, causal=False):
    n_q, d_k = Q.shape
    out = np.zeros((n_q, V.shape[1]))
    for i in range(n_q):
        s = K @ Q[i] / np.sqrt(d_k)
        if causal:
            s[i + 1:] = -np.inf
        s = s - s.max()
        w = np.exp(s)
        w /= w.sum()
        out[i] = w @ V
    return out
