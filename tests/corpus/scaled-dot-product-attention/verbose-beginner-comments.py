# Written by someone new to NumPy who comments every single line so that
# they can re-read it later. Uses long descriptive variable names, checks
# shapes with plain asserts and spells out each intermediate result.
# The logic is the textbook one: scores, causal mask, stable softmax, average.
import numpy as np


def attention(Q, K, V, causal=False):
    """Scaled dot-product attention, written out step by step."""
    # Make sure we are working with float NumPy arrays.
    queries = np.asarray(Q, dtype=float)
    keys = np.asarray(K, dtype=float)
    values = np.asarray(V, dtype=float)

    # The queries and the keys must have the same width d_k.
    assert queries.shape[1] == keys.shape[1], "Q and K need the same d_k"
    # There must be exactly one value per key.
    assert keys.shape[0] == values.shape[0], "K and V need the same n_k"

    # d_k is the width of each query / key vector.
    key_dimension = queries.shape[1]

    # Step 1: compare every query with every key using a dot product.
    # keys.T has shape (d_k, n_k), so raw_scores has shape (n_q, n_k).
    raw_scores = np.matmul(queries, keys.T)

    # Step 2: divide by the square root of d_k so the scores are not too spread out.
    scaled_scores = raw_scores / np.sqrt(key_dimension)

    # Step 3 (optional): hide the future keys from each query.
    if causal:
        number_of_queries = scaled_scores.shape[0]
        number_of_keys = scaled_scores.shape[1]
        # row_index[i, j] = i and column_index[i, j] = j
        row_index = np.arange(number_of_queries).reshape(-1, 1)
        column_index = np.arange(number_of_keys).reshape(1, -1)
        # a key is in the future when its index is bigger than the query's index
        is_future_key = column_index > row_index
        # e^(-inf) = 0, so those keys will get a weight of exactly zero
        scaled_scores = np.where(is_future_key, -np.inf, scaled_scores)

    # Step 4: softmax over the keys (the last axis), made safe against overflow.
    # Subtracting the biggest score in each row makes every exponent <= 0.
    biggest_score_per_row = np.max(scaled_scores, axis=1, keepdims=True)
    shifted_scores = scaled_scores - biggest_score_per_row
    exponentials = np.exp(shifted_scores)
    sum_per_row = np.sum(exponentials, axis=1, keepdims=True)
    attention_weights = exponentials / sum_per_row

    # Step 5: every output row is a weighted average of the value rows.
    output = np.matmul(attention_weights, values)

    # The output has shape (n_q, d_v).
    return output
