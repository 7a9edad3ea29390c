# A learner who writes a small decorator that converts the three array
# arguments to float64 NumPy arrays (functools.wraps keeps the name and
# docstring), so the body can assume clean inputs.
import functools

import numpy as np


def as_float_arrays(func):
    @functools.wraps(func)
    def wrapper(Q, K, V, causal=False):
        Q = np.asarray(Q, dtype=np.float64)
        K = np.asarray(K, dtype=np.float64)
        V = np.asarray(V, dtype=np.float64)
        return func(Q, K, V, causal=causal)

    return wrapper


@as_float_arrays
def attention(Q, K, V, causal=False):
    """Scaled dot-product attention (inputs already float64 arrays)."""
    S = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        S = np.where(np.tril(np.ones_like(S, dtype=bool)), S, -np.inf)
    S = S - S.max(axis=1, keepdims=True)
    P = np.exp(S)
    return (P / P.sum(axis=1, keepdims=True)) @ V
