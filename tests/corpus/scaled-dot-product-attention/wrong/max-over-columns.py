# wrong: Subtracts the column maxima (axis=0) for stability, not realising the constant must be per row to cancel.
# diagnosis: max-wrong-axis

import numpy as np


def attention(Q, K, V, causal=False):
    S = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        S = np.where(np.tril(np.ones(S.shape, bool)), S, -np.inf)
    S = S - S.max(axis=0, keepdims=True)
    E = np.exp(S)
    return (E / E.sum(axis=-1, keepdims=True)) @ V
