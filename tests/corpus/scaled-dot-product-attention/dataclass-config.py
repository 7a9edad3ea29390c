# A learner from a modern-Python codebase who puts the knobs into a frozen
# @dataclass (mask fill value, softmax axis) and keeps a plain function as
# the entry point that uses a default config. Field defaults and
# annotated attributes are typical of that style.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AttentionConfig:
    mask_fill: float = float("-inf")
    axis: int = -1

    def softmax(self, scores: np.ndarray) -> np.ndarray:
        shifted = scores - scores.max(axis=self.axis, keepdims=True)
        weights = np.exp(shifted)
        return weights / weights.sum(axis=self.axis, keepdims=True)


DEFAULT_CONFIG = AttentionConfig()


def attention(Q, K, V, causal=False, config: AttentionConfig = DEFAULT_CONFIG):
    scores = (Q @ K.T) / np.sqrt(K.shape[-1])
    if causal:
        hidden = np.triu(np.ones(scores.shape, dtype=bool), 1)
        scores = np.where(hidden, config.mask_fill, scores)
    return config.softmax(scores) @ V
