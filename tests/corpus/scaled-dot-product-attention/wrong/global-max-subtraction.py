# wrong: Stabilises the softmax with scores.max() over the whole matrix, so rows far below the global maximum underflow to 0/0.
# diagnosis: global-max-subtraction

import numpy as np


def attention(Q: np.ndarray, K: np.ndarray, V: np.ndarray, causal: bool = False) -> np.ndarray:
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    scores = scores - np.max(scores)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ V
