# A learner who dislikes boolean flags and converts `causal` into an Enum
# (MaskMode.NONE / MaskMode.CAUSAL) internally, dispatching on it to build
# an additive bias of zeros and -inf.
from enum import Enum

import numpy as np


class MaskMode(Enum):
    NONE = "none"
    CAUSAL = "causal"

    @classmethod
    def from_flag(cls, causal):
        return cls.CAUSAL if causal else cls.NONE


def _bias(mode, n_q, n_k):
    if mode is MaskMode.CAUSAL:
        return np.where(np.tri(n_q, n_k, dtype=bool), 0.0, -np.inf)
    return np.zeros((n_q, n_k))


def attention(Q, K, V, causal=False):
    mode = MaskMode.from_flag(causal)
    scores = Q @ K.T / np.sqrt(Q.shape[1]) + _bias(mode, Q.shape[0], K.shape[0])
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ V
