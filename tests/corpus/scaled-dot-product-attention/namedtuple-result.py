# A learner who wants both the output and the weights for debugging and
# returns them internally as a collections.namedtuple; the graded entry
# point returns only `.output`.
from collections import namedtuple

import numpy as np

AttentionResult = namedtuple("AttentionResult", ["output", "weights"])


def attention_with_weights(Q, K, V, causal=False):
    logits = Q @ K.T / np.sqrt(K.shape[-1])
    if causal:
        logits = np.where(np.triu(np.ones(logits.shape), 1) == 1, -np.inf, logits)
    logits = logits - logits.max(axis=-1, keepdims=True)
    weights = np.exp(logits)
    weights = weights / weights.sum(axis=-1, keepdims=True)
    return AttentionResult(output=weights @ V, weights=weights)


def attention(Q, K, V, causal=False):
    return attention_with_weights(Q, K, V, causal).output
