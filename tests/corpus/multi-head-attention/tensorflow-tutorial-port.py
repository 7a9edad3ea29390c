# TensorFlow "Transformer model for language understanding" tutorial port: split_heads with
# tf.transpose(perm=[0, 2, 1, 3]), scaled_dot_product_attention with dk = tf.cast(shape[-1]),
# tf.nn.softmax(axis=-1), concat_attention via transpose + reshape, then the dense layer.
import numpy as np


def tf_softmax(logits, axis=-1):
    shifted = logits - np.max(logits, axis=axis, keepdims=True)
    exp = np.exp(shifted)
    return exp / np.sum(exp, axis=axis, keepdims=True)


def scaled_dot_product_attention(q, k, v):
    matmul_qk = np.matmul(q, np.swapaxes(k, -1, -2))
    dk = float(k.shape[-1])
    scaled_attention_logits = matmul_qk / np.sqrt(dk)
    attention_weights = tf_softmax(scaled_attention_logits, axis=-1)
    return np.matmul(attention_weights, v), attention_weights


class MultiHeadAttention:
    def __init__(self, d_model, num_heads, wq, wk, wv, dense):
        assert d_model % num_heads == 0
        self.num_heads = num_heads
        self.d_model = d_model
        self.depth = d_model // num_heads
        self.wq, self.wk, self.wv, self.dense = wq, wk, wv, dense

    def split_heads(self, x, batch_size):
        x = np.reshape(x, (batch_size, -1, self.num_heads, self.depth))
        return np.transpose(x, (0, 2, 1, 3))

    def call(self, v, k, q):
        batch_size = q.shape[0]
        q = self.split_heads(q @ self.wq, batch_size)
        k = self.split_heads(k @ self.wk, batch_size)
        v = self.split_heads(v @ self.wv, batch_size)
        scaled_attention, _ = scaled_dot_product_attention(q, k, v)
        scaled_attention = np.transpose(scaled_attention, (0, 2, 1, 3))
        concat_attention = np.reshape(scaled_attention, (batch_size, -1, self.d_model))
        return concat_attention @ self.dense


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    mha = MultiHeadAttention(x.shape[-1], n_heads, w_q, w_k, w_v, w_o)
    batch = x[None]
    return mha.call(batch, batch, batch)[0]
