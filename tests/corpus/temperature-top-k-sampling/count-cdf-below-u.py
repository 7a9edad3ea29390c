# Counting trick: since the cumulative sum never decreases, the first index with cdf > u equals
# the number of entries with cdf <= u.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p = p / p.sum(axis=1, keepdims=True)
    cdf = np.cumsum(p, axis=1)
    return np.sum(cdf <= uniform[:, None], axis=1).astype(np.int64)
