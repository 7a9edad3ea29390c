# Beginner who comments every step and prints nothing; each shape is written next to its line.
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    # How many tokens and how wide each token vector is.
    seq_len = x.shape[0]
    d_model = x.shape[1]
    # Each head gets an equal slice of the model width.
    d_k = d_model // n_heads

    # Step 1: the three projections, each (seq_len, d_model).
    queries = np.matmul(x, w_q)
    keys = np.matmul(x, w_k)
    values = np.matmul(x, w_v)

    # Step 2: cut the columns into heads: (seq_len, n_heads, d_k), then put the heads first:
    # (n_heads, seq_len, d_k). Head h then holds columns h*d_k to (h+1)*d_k.
    queries = np.transpose(np.reshape(queries, (seq_len, n_heads, d_k)), (1, 0, 2))
    keys = np.transpose(np.reshape(keys, (seq_len, n_heads, d_k)), (1, 0, 2))
    values = np.transpose(np.reshape(values, (seq_len, n_heads, d_k)), (1, 0, 2))

    # Step 3: the scores of every query against every key, per head: (n_heads, seq_len, seq_len).
    keys_transposed = np.transpose(keys, (0, 2, 1))
    scores = np.matmul(queries, keys_transposed)
    # Divide by the square root of d_k (the width of ONE head, not of the model).
    scores = scores / np.sqrt(d_k)

    # Step 4: softmax over the keys (the last axis). Subtract the max first so exp never overflows.
    biggest = np.max(scores, axis=-1, keepdims=True)
    exponentials = np.exp(scores - biggest)
    weights = exponentials / np.sum(exponentials, axis=-1, keepdims=True)

    # Step 5: the weighted average of the values, per head: (n_heads, seq_len, d_k).
    head_outputs = np.matmul(weights, values)

    # Step 6: put the heads back side by side in order: (seq_len, n_heads, d_k) -> (seq_len, d_model).
    concatenated = np.reshape(np.transpose(head_outputs, (1, 0, 2)), (seq_len, d_model))

    # Step 7: the output projection.
    output = np.matmul(concatenated, w_o)
    return output
