# einsum fan: builds the cumulative sum as a product with an upper-triangular matrix of ones,
# cdf[b, j] = sum_i p[b, i] * [i <= j].
import numpy as np


def sample(logits, temperature, k, uniform):
    vocab = logits.shape[1]
    kth = np.partition(logits, -k, axis=1)[:, -k]
    z = np.where(logits >= kth[:, None], logits, -np.inf) / temperature
    w = np.exp(z - z.max(axis=1, keepdims=True))
    p = w / np.einsum("bv->b", w)[:, None]
    cdf = np.einsum("bi,ij->bj", p, np.triu(np.ones((vocab, vocab))))
    return np.argmax(cdf > uniform[:, None], axis=1).astype(np.int64)
