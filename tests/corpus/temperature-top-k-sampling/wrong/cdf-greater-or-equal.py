# wrong: picks the first index with cdf >= u instead of cdf > u, so u = 0 lands on a leading token of probability zero.
# diagnosis: cumsum-at-least-u
# proposed: cdf-ties-inclusive: The sample is the smallest i with cumsum(probs)[i] > u (strictly); with >= a token of probability 0 can be drawn when u equals the running total.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) >= uniform[:, None], axis=1).astype(np.int64)
