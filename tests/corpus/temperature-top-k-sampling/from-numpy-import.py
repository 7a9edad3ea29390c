# Imports the names it uses from numpy and writes the pipeline without the `np.` prefix.
from numpy import argmax, cumsum, exp, inf, int64, newaxis, partition, where


def sample(logits, temperature, k, uniform):
    kth = partition(logits, -k, axis=1)[:, -k, newaxis]
    z = where(logits >= kth, logits, -inf) / temperature
    e = exp(z - z.max(axis=1, keepdims=True))
    cdf = cumsum(e / e.sum(axis=1, keepdims=True), axis=1)
    return argmax(cdf > uniform[:, newaxis], axis=1).astype(int64)
