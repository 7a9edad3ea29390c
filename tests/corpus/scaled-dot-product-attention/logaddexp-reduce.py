# A learner who remembered that np.logaddexp is overflow-safe and uses its
# ufunc .reduce along the key axis to get the log-normaliser of each row
# in one call. Masked entries are -inf, which logaddexp handles exactly.
import numpy as np


def attention(Q, K, V, causal=False):
    scores = np.matmul(Q, K.T) / np.sqrt(K.shape[1])
    if causal:
        n = scores.shape[0]
        scores = np.where(np.arange(n)[:, None] >= np.arange(scores.shape[1]), scores, -np.inf)
    log_norm = np.logaddexp.reduce(scores, axis=-1, keepdims=True)
    weights = np.exp(scores - log_norm)
    return np.matmul(weights, V)
