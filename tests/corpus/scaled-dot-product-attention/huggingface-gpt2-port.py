# Adapted from Hugging Face's GPT2Attention._attn: weights divided by
# math.sqrt of the key width, a causal "bias" buffer (built once for a
# maximum length) sliced to the current length, `mask_value = finfo(dtype).min`,
# and the softmax on dim=-1. The private helper returns (output, weights).
import math

import numpy as np

MAX_POSITIONS = 1024
_BIAS = np.tril(np.ones((MAX_POSITIONS, MAX_POSITIONS), dtype=bool))


def _attn(query, key, value, causal):
    attn_weights = np.matmul(query, np.swapaxes(key, -1, -2))
    attn_weights = attn_weights / math.sqrt(key.shape[-1])
    if causal:
        query_length, key_length = query.shape[-2], key.shape[-2]
        if key_length <= MAX_POSITIONS:
            causal_mask = _BIAS[key_length - query_length:key_length, :key_length]
        else:
            causal_mask = np.tril(np.ones((query_length, key_length), dtype=bool), key_length - query_length)
        mask_value = np.finfo(attn_weights.dtype).min
        attn_weights = np.where(causal_mask, attn_weights, mask_value)
    attn_weights = attn_weights - attn_weights.max(axis=-1, keepdims=True)
    attn_weights = np.exp(attn_weights)
    attn_weights = attn_weights / attn_weights.sum(axis=-1, keepdims=True)
    attn_output = np.matmul(attn_weights, value)
    return attn_output, attn_weights


def attention(Q, K, V, causal=False):
    Q, K, V = np.asarray(Q, dtype=float), np.asarray(K, dtype=float), np.asarray(V, dtype=float)
    return _attn(Q, K, V, causal)[0]
