# A defensive programmer who validates everything up front and raises
# ValueError with helpful messages (ndim, matching d_k, matching n_k,
# causal only for square score matrices) before doing the computation.
# Typical of someone who has been bitten by silent broadcasting bugs.
import numpy as np


def _check_inputs(Q, K, V, causal):
    if Q.ndim != 2 or K.ndim != 2 or V.ndim != 2:
        raise ValueError(f"Q, K, V must be 2-D, got {Q.ndim}, {K.ndim}, {V.ndim} dimensions")
    if Q.shape[1] != K.shape[1]:
        raise ValueError(f"Q and K must have the same d_k, got {Q.shape[1]} and {K.shape[1]}")
    if K.shape[0] != V.shape[0]:
        raise ValueError(f"K and V must have the same number of rows, got {K.shape[0]} and {V.shape[0]}")
    if causal and Q.shape[0] != K.shape[0]:
        raise ValueError("causal attention needs n_q == n_k (self-attention)")


def attention(Q, K, V, causal=False):
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    _check_inputs(Q, K, V, causal)
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        scores = np.where(np.triu(np.ones_like(scores, dtype=bool), k=1), -np.inf, scores)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return weights @ V
