# wrong: takes the softmax over the whole vocabulary, then zeroes the tokens outside the top k without renormalising, so the kept probabilities sum to less than 1.
# diagnosis: not-renormalised
# proposed: not-renormalised: After removing tokens the kept probabilities must sum to 1 again: mask the logits to -inf before the softmax (or divide by the kept total).
import numpy as np


def sample(logits, temperature, k, uniform):
    z = logits / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    p = np.where(logits >= kth, p, 0.0)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
