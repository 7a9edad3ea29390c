# Translated from the TensorFlow "Transformer model for language
# understanding" tutorial: a look-ahead mask `1 - band_part(ones, -1, 0)`
# with ones at the *hidden* positions, added as `mask * -1e9` to the logits,
# then softmax on the last axis. The helper returns (output, weights) like TF.
import numpy as np


def create_look_ahead_mask(size):
    # tf.linalg.band_part(tf.ones((size, size)), -1, 0) is the lower triangle
    return 1.0 - np.tril(np.ones((size, size)))


def scaled_dot_product_attention(q, k, v, mask=None):
    matmul_qk = np.matmul(q, np.swapaxes(k, -1, -2))
    dk = np.float64(k.shape[-1])
    scaled_attention_logits = matmul_qk / np.sqrt(dk)
    if mask is not None:
        scaled_attention_logits = scaled_attention_logits + (mask * -1e9)
    logits = scaled_attention_logits - np.max(scaled_attention_logits, axis=-1, keepdims=True)
    attention_weights = np.exp(logits)
    attention_weights = attention_weights / np.sum(attention_weights, axis=-1, keepdims=True)
    output = np.matmul(attention_weights, v)
    return output, attention_weights


def attention(Q, K, V, causal=False):
    mask = create_look_ahead_mask(Q.shape[0]) if causal else None
    output, _ = scaled_dot_product_attention(Q, K, V, mask)
    return output
