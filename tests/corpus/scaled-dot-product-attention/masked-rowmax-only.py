# A careful learner who takes the row maximum over the *visible* scores
# only (np.max with the `where=` and `initial=` arguments) and then exponentiates
# just those entries using np.exp(..., where=...) into a zero-filled output.
import numpy as np


def attention(Q, K, V, causal=False):
    S = Q @ K.T / np.sqrt(Q.shape[1])
    visible = np.tri(S.shape[0], S.shape[1], dtype=bool) if causal else np.ones(S.shape, dtype=bool)
    row_max = np.max(S, axis=1, keepdims=True, where=visible, initial=-np.inf)
    E = np.zeros_like(S)
    np.exp(S - row_max, out=E, where=visible)
    W = E / E.sum(axis=1, keepdims=True)
    return W @ V
