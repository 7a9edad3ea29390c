# Port of the Dive into Deep Learning (d2l) MultiHeadAttention: transpose_qkv folds heads into the
# batch axis, DotProductAttention runs once, transpose_output undoes it. Batch of one here.
import math

import numpy as np


def transpose_qkv(X, num_heads):
    X = X.reshape(X.shape[0], X.shape[1], num_heads, -1)
    X = X.transpose(0, 2, 1, 3)
    return X.reshape(-1, X.shape[2], X.shape[3])


def transpose_output(X, num_heads):
    X = X.reshape(-1, num_heads, X.shape[1], X.shape[2])
    X = X.transpose(0, 2, 1, 3)
    return X.reshape(X.shape[0], X.shape[1], -1)


def dot_product_attention(queries, keys, values):
    d = queries.shape[-1]
    scores = np.matmul(queries, keys.transpose(0, 2, 1)) / math.sqrt(d)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attention_weights = np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True)
    return np.matmul(attention_weights, values)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    X = x[np.newaxis]
    queries = transpose_qkv(X @ w_q, n_heads)
    keys = transpose_qkv(X @ w_k, n_heads)
    values = transpose_qkv(X @ w_v, n_heads)
    output = dot_product_attention(queries, keys, values)
    output_concat = transpose_output(output, n_heads)
    return (output_concat @ w_o)[0]
