# Defensive learner: checks the scores are at least 2-D with square last two axes, raising ValueError otherwise.
import numpy as np


def causal_mask(scores):
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim < 2:
        raise ValueError(f"scores must have shape (..., T, T), got {scores.shape}")
    q_len, k_len = scores.shape[-2:]
    if q_len != k_len:
        raise ValueError(f"causal masking needs square scores, got {q_len} queries and {k_len} keys")
    future = np.arange(k_len) > np.arange(q_len)[:, np.newaxis]
    return np.where(future, -np.inf, scores)
