# wrong: draws the first index with cdf >= u instead of cdf > u, so u = 0 can land on a filtered token whose cumulative sum is 0.
# diagnosis: cumsum-at-least-u

import numpy as np


def _probs(logits, temperature, k):
    kth = np.sort(logits, axis=1)[:, -k:][:, :1]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def sample(logits, temperature, k, uniform):
    cdf = np.cumsum(_probs(logits, temperature, k), axis=1)
    # first index where the cumulative probability reaches u
    return np.argmax(cdf >= uniform[:, None], axis=1).astype(np.int64)
