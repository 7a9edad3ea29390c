# Ported from the Keras `Attention`/`MultiHeadAttention` internals: a
# `_masked_softmax` that adds `(1 - mask) * large_negative` to the logits
# (Keras uses -1e9 for float32 logits) and an explicit `use_scale` step.
# The `_calculate_scores` / `_apply_scores` split mirrors the Keras layer.
import numpy as np

_LARGE_NEGATIVE = -1e9


def _calculate_scores(query, key):
    scale = 1.0 / np.sqrt(np.float64(query.shape[-1]))
    return np.matmul(query, np.swapaxes(key, -2, -1)) * scale


def _masked_softmax(scores, mask=None):
    if mask is not None:
        scores = scores + (1.0 - mask.astype(scores.dtype)) * _LARGE_NEGATIVE
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    e = np.exp(scores)
    return e / np.sum(e, axis=-1, keepdims=True)


def _apply_scores(scores, value, mask=None):
    weights = _masked_softmax(scores, mask)
    return np.matmul(weights, value)


def attention(Q, K, V, causal=False):
    scores = _calculate_scores(Q, K)
    mask = np.tril(np.ones(scores.shape, dtype=bool)) if causal else None
    return _apply_scores(scores, V, mask)
